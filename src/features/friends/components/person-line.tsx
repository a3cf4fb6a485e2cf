import { Avatar, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Avatar, name and email of a person, with whatever goes on the right. */
export function PersonLine({
  name,
  email,
  avatar,
  children,
}: {
  name: string | null;
  email: string | null;
  avatar: string | null;
  children?: ReactNode;
}) {
  return (
    <HStack gap="3" justify="space-between" wrap="wrap">
      <HStack gap="3" minW="0">
        <Avatar.Root size="sm">
          <Avatar.Fallback name={name ?? email ?? undefined} />
          {avatar ? <Avatar.Image src={avatar} alt="" crossOrigin="anonymous" /> : null}
        </Avatar.Root>
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" truncate>
            {name ?? email ?? 'Someone'}
          </Text>
          {name && email ? (
            <Text textStyle="sm" color="fg.muted" truncate>
              {email}
            </Text>
          ) : null}
        </Stack>
      </HStack>
      {children}
    </HStack>
  );
}
