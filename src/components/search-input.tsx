import { Box, Input, type InputProps } from '@chakra-ui/react';
import { Search } from 'lucide-react';

interface SearchInputProps extends Omit<InputProps, 'onChange' | 'value'> {
  /** The placeholder, and the input's accessible name. */
  label: string;
  value: string;
  onValue(value: string): void;
  /** A magnifier inside the field, before the text. */
  hasIcon?: boolean;
}

/** A field that filters a list as you type, named by its placeholder. */
export function SearchInput({ label, value, onValue, hasIcon = false, ...input }: SearchInputProps) {
  const field = (
    <Input
      ps={hasIcon ? '9' : undefined}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      placeholder={label}
      aria-label={label}
      {...input}
    />
  );
  if (!hasIcon) return field;
  return (
    <Box position="relative" w="full">
      {field}
      <Box as="span" position="absolute" left="3" top="50%" transform="translateY(-50%)" pointerEvents="none">
        <Search size={16} aria-hidden />
      </Box>
    </Box>
  );
}
