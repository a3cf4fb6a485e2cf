import { SimpleGrid, Stack, Text, type SimpleGridProps, type TextProps } from '@chakra-ui/react';

interface DetailGridProps extends Pick<SimpleGridProps, 'columns'> {
  /** Label and value pairs. */
  items: readonly (readonly [string, string | number])[];
  /** Names the list for screen readers. */
  label?: string;
  /** Each pair as a tile on a tinted background, its value large (figures that stand out). */
  isTiled?: boolean;
  valueWeight?: TextProps['fontWeight'];
}

/** Labelled figures in a grid (a description list): plan details, limits, statistics. */
export function DetailGrid({ items, label, columns, isTiled = false, valueWeight = 'semibold' }: DetailGridProps) {
  return (
    <SimpleGrid as="dl" columns={columns} gap="3" aria-label={label}>
      {items.map(([term, value]) => (
        <Stack key={term} gap="0" {...(isTiled ? { p: '3', rounded: 'lg', bg: 'bg.muted' } : {})}>
          <Text as="dt" textStyle="xs" color="fg.muted">
            {term}
          </Text>
          <Text as="dd" fontWeight={valueWeight} textStyle={isTiled ? 'lg' : undefined}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
