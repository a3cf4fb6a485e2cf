import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

/** The CrewCamp mark: a tent under a pine ridge with the campfire's spark. Decorative unless labelled. */
export function Logo({
  size = '10',
  label,
  ...rest
}: Omit<HTMLChakraProps<'svg'>, 'size'> & { size?: string; label?: string }) {
  return (
    <chakra.svg
      boxSize={size}
      flexShrink={0}
      viewBox="0 0 64 64"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      {...rest}
    >
      <rect width="64" height="64" rx="16" fill="#236a46" />
      <path d="M6 44 20 24l8 11 8-15 22 24Z" fill="#4f9e73" opacity="0.55" />
      <path d="M32 16 12 50h40L32 16Zm0 15 9 19H23l9-19Z" fill="#fff" />
      <circle cx="49" cy="16" r="5" fill="#fd7838" />
    </chakra.svg>
  );
}
