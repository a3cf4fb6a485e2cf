import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { MemberAvatar } from '../member-avatar.tsx';
import type { Suggestable } from './invite-suggestions.ts';

/** Matching people under the email field: tap one to fill in their address. */
export function SuggestionList({ suggestions, onPick }: { suggestions: Suggestable[]; onPick(email: string): void }) {
  if (!suggestions.length) return null;
  return (
    <Stack
      as="ul"
      aria-label="Suggestions"
      listStyleType="none"
      gap="0"
      borderWidth="1px"
      rounded="md"
      bg="bg.panel"
      shadow="md"
      w="full"
      mt="1"
    >
      {suggestions.map((person) => (
        <li key={person.userId}>
          <Box
            asChild
            w="full"
            textAlign="start"
            px="3"
            py="2"
            _hover={{ bg: 'bg.muted' }}
            _focusVisible={{ bg: 'bg.muted', outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
          >
            <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => onPick(person.email ?? '')}>
              <HStack gap="3">
                <MemberAvatar name={person.name} avatar={person.avatar} size="xs" />
                <Stack gap="0" minW="0">
                  <Text textStyle="sm" fontWeight="medium" truncate>
                    {person.name ?? person.email}
                  </Text>
                  <Text textStyle="xs" color="fg.muted" truncate>
                    {person.email}
                  </Text>
                </Stack>
              </HStack>
            </button>
          </Box>
        </li>
      ))}
    </Stack>
  );
}
