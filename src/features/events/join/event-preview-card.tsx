import { AvatarGroup, Box, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { CalendarDays, MapPin, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { formatDateRange } from '../event-format.ts';
import { MemberAvatar } from '../member-avatar.tsx';
import type { EventPreview } from './use-event-preview.ts';
import { whoIsIn } from './who-is-in.ts';
import { LogoImage } from './logo-image.tsx';
import { usePreviewLogo } from './use-preview-logo.ts';

const MemberLogo = lazy(async () => ({ default: (await import('./member-logo.tsx')).MemberLogo }));

/** Which event a join link or an invitation is about: logo, name, dates, place and who is in it. */
export function EventPreviewCard({ preview }: { preview: EventPreview }) {
  // Members read the logo from the device; a link holder gets a signed URL for it alone.
  const linkedLogo = usePreviewLogo(preview);
  const dates = formatDateRange(preview.start_date, preview.end_date);
  return (
    <Stack
      gap="3"
      p="4"
      rounded="xl"
      borderWidth="1px"
      borderColor="border"
      borderTopWidth="4px"
      borderTopColor={preview.accent_color ?? 'forest.solid'}
      aria-label={`Event ${preview.name}`}
      role="group"
    >
      <HStack gap="3" align="center">
        {preview.is_member && preview.logo_path ? (
          <Suspense fallback={null}>
            <MemberLogo path={preview.logo_path} eventName={preview.name} />
          </Suspense>
        ) : linkedLogo ? (
          <LogoImage src={linkedLogo} eventName={preview.name} />
        ) : null}
        <Heading as="h3" textStyle="lg" overflowWrap="anywhere">
          {preview.name}
        </Heading>
      </HStack>
      {dates ? (
        <HStack gap="2" color="fg.muted" textStyle="sm">
          <CalendarDays size={16} aria-hidden />
          <Text>{dates}</Text>
        </HStack>
      ) : null}
      {preview.location ? (
        <HStack gap="2" color="fg.muted" textStyle="sm">
          <MapPin size={16} aria-hidden />
          <Text overflowWrap="anywhere">{preview.location}</Text>
        </HStack>
      ) : null}
      <HStack gap="3" align="center" wrap="wrap">
        <AvatarGroup size="sm" aria-hidden>
          {preview.members.slice(0, 6).map((person, index) => (
            <Box key={index}>
              <MemberAvatar name={person.first_name} avatar={person.avatar} size="xs" />
            </Box>
          ))}
        </AvatarGroup>
        <HStack gap="1" textStyle="sm" minW="0">
          <Users size={16} aria-hidden />
          <Text>{`${whoIsIn(preview)} ${preview.member_count === 1 ? 'is' : 'are'} in`}</Text>
        </HStack>
      </HStack>
    </Stack>
  );
}
