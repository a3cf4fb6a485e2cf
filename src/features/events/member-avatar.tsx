import { Avatar } from '@chakra-ui/react';

/** A person's avatar, with their initials while there is no picture. */
export function MemberAvatar({
  name,
  avatar,
  size = 'sm',
}: {
  name: string | null;
  avatar: string | null;
  size?: 'xs' | 'sm' | 'md';
}) {
  return (
    <Avatar.Root size={size} colorPalette="forest" flexShrink={0}>
      <Avatar.Fallback name={name ?? undefined} />
      {avatar ? <Avatar.Image src={avatar} alt="" crossOrigin="anonymous" /> : null}
    </Avatar.Root>
  );
}
