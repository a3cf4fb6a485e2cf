import { Button, Field, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { Palette } from 'lucide-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { UpgradeNotice } from '../../../components/upgrade-prompt.tsx';
import { mutate } from '../../../data/index.ts';
import { useIsOnline } from '../../../data/use-is-online.ts';
import { uploadFile } from '../../../sync/backend.ts';
import type { EventRow } from '../sync/event-rows.ts';
import { useSave } from '../use-save.ts';
import { useEventLogo } from './use-event-logo.ts';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const MAX_LOGO = 1024 * 1024;
const DEFAULT_ACCENT = '#2f6b4f';

/** What is wrong with a chosen logo file, or null when it can be stored. */
function logoFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (!LOGO_TYPES.includes(file.type)) return 'The logo must be a PNG, JPEG, WebP or GIF image';
  if (file.size > MAX_LOGO) return 'The logo must be smaller than 1 MB';
  return null;
}

/**
 * White label for the event's managers (organizer events): an accent colour and a logo, shown to
 * every member on the event's pages, its join page and its printouts. A lower tier shows the
 * upgrade prompt in its place.
 */
export function BrandingCard({ event }: { event: EventRow }) {
  const [accent, setAccent] = useState(event.accent_color ?? DEFAULT_ACCENT);
  const [file, setFile] = useState<File | null>(null);
  const [saved, setSaved] = useState(false);
  const { error, setError, isSaving, save } = useSave();
  const isOnline = useIsOnline();
  const logo = useEventLogo(event.logo_path);

  if (event.access_tier !== 'organizer') {
    return (
      <SectionCard title="Branding" icon={<Palette size={18} aria-hidden />}>
        <UpgradeNotice tier="organizer">
          Give the event your own accent colour and logo, shown to every member.
        </UpgradeNotice>
      </SectionCard>
    );
  }

  async function submit() {
    setSaved(false);
    setError(null);
    if (!/^#[0-9a-f]{6}$/.test(accent)) return setError('The accent colour must be a colour like #e4572e');
    let logoPath = event.logo_path;
    if (file) {
      const problem = logoFileProblem(file);
      if (problem) return setError(problem);
      if (!isOnline) return setError('Uploading a logo needs a connection. Try again when you are online.');
      const extension = file.type.split('/')[1].replace('jpeg', 'jpg');
      const path = `${event.id}/logo-${Date.now()}.${extension}`;
      const failure = await uploadFile('event-logos', path, file);
      if (failure) return setError(`The logo could not be stored: ${failure}`);
      logoPath = path;
    }
    const ok = await save(
      () => mutate('event.update', { id: event.id, changes: { accent_color: accent, logo_path: logoPath } }),
      'Failed to save the branding',
    );
    if (ok) {
      setFile(null);
      setSaved(true);
    }
  }

  return (
    <SectionCard title="Branding" icon={<Palette size={18} aria-hidden />}>
      <Stack gap="4">
        <Text color="fg.muted" textStyle="sm">
          Your accent colour and logo appear on the event&apos;s pages, its join page and printouts, for every member.
        </Text>
        <Field.Root>
          <Field.Label htmlFor="brand-accent">Accent colour</Field.Label>
          <HStack>
            <Input
              id="brand-accent"
              type="color"
              w="16"
              p="1"
              value={accent}
              onChange={(e) => setAccent(e.target.value.toLowerCase())}
            />
            <Input
              aria-label="Accent colour code"
              value={accent}
              maxLength={7}
              onChange={(e) => setAccent(e.target.value.trim().toLowerCase())}
            />
          </HStack>
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor="brand-logo">Logo (PNG, JPEG, WebP or GIF, up to 1 MB)</Field.Label>
          <HStack gap="3">
            {logo ? <Image src={logo} alt="Current logo" maxH="12" maxW="24" objectFit="contain" /> : null}
            <Input
              id="brand-logo"
              type="file"
              accept={LOGO_TYPES.join(',')}
              p="1.5"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </HStack>
        </Field.Root>
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
        {saved ? <FormMessage status="success">Branding saved</FormMessage> : null}
        <Button alignSelf={{ base: 'stretch', sm: 'start' }} loading={isSaving} onClick={() => void submit()}>
          Save branding
        </Button>
      </Stack>
    </SectionCard>
  );
}
