import { Avatar, Button, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import type { ProfileRow } from './sync/profile-rows.ts';
import { mutate, useMutationState } from '../../data/index.ts';
import { mutateErrorText } from '../events/index.ts';
import { SectionCard } from '../../components/section-card.tsx';

const MAX_BYTES = 5 * 1024 * 1024;

/** The spec's avatar checks, before anything is read or queued. */
function avatarFileError(file: { size: number; type: string }): string | null {
  if (file.size > MAX_BYTES) return 'File size must be less than 5MB';
  if (!file.type.startsWith('image/')) return 'File must be an image';
  return null;
}

/**
 * The picture from the chosen file while its upload waits (offline, or on its way): the profile
 * points at the uploaded file only once the server has it. Not shown once the upload is done or refused.
 */
function usePendingPicture() {
  const [pending, setPending] = useState<{ mutationId: string; url: string } | null>(null);
  const state = useMutationState(pending?.mutationId);
  const isOver = state.status === 'done' || state.status === 'rejected';
  // The file's picture is let go when a newer one replaces it or the form closes.
  useEffect(() => (pending ? () => URL.revokeObjectURL(pending.url) : undefined), [pending]);
  return { picture: pending && !isOver ? pending.url : null, setPending };
}

/** The profile picture: shown at once, uploaded when the device is online. */
export function AvatarUpload({ profile }: { profile: ProfileRow }) {
  const [message, setMessage] = useState<{ status: 'error' | 'success'; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { picture, setPending } = usePendingPicture();
  const shown = picture ?? profile.avatar;

  async function upload(file: File | undefined) {
    if (!file) return;
    const problem = avatarFileError(file);
    if (problem) return setMessage({ status: 'error', text: problem });
    try {
      const extension = file.name.includes('.') ? file.name.split('.').pop()?.toLowerCase() : undefined;
      const queued = await mutate('profile.upload-avatar', {
        bytes: new Uint8Array(await file.arrayBuffer()),
        contentType: file.type,
        ...(extension && /^[a-z0-9]{1,8}$/.test(extension) ? { extension } : {}),
      });
      setPending({ mutationId: queued.mutationId, url: URL.createObjectURL(file) });
      setMessage({ status: 'success', text: 'Avatar updated' });
    } catch (error) {
      setMessage({ status: 'error', text: mutateErrorText(error, 'Failed to upload avatar') });
    }
  }

  return (
    <SectionCard title="Profile picture" titleSize="lg">
      <HStack gap="4" align="center">
        <Avatar.Root size="2xl" colorPalette="forest">
          <Avatar.Fallback name={profile.name ?? profile.email ?? undefined} />
          {shown ? <Avatar.Image src={shown} alt="" crossOrigin="anonymous" /> : null}
        </Avatar.Root>
        <Stack gap="2">
          <VisuallyHidden asChild>
            <input
              ref={input}
              type="file"
              accept="image/*"
              aria-label="Upload a profile picture"
              tabIndex={-1}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                void upload(file);
              }}
            />
          </VisuallyHidden>
          <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
            <Upload aria-hidden />
            Upload picture
          </Button>
          <Text color="fg.muted" textStyle="xs">
            An image of up to 5 MB.
          </Text>
        </Stack>
      </HStack>
      {message ? <FormMessage status={message.status}>{message.text}</FormMessage> : null}
    </SectionCard>
  );
}
