import { Button, Stack, Textarea } from '@chakra-ui/react';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { CopyButton } from '../events/index.ts';

/** A list as plain text (the simple export): copy it, or hand it to the device's share sheet where there is one. */
export function ShareDialog({ title, text, onClose }: { title: string; text: string; onClose(): void }) {
  const [message, setMessage] = useState<string | null>(null);
  const canShare = typeof navigator.share === 'function';

  async function share() {
    try {
      await navigator.share({ title, text });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) setMessage('The list could not be shared.');
    }
  }

  return (
    <AppDialog
      title={`Share ${title}`}
      onClose={onClose}
      footer={
        <>
          <CopyButton
            text={text}
            onError={(error) => setMessage(error ? 'Failed to copy the list to the clipboard' : null)}
          />
          {canShare ? (
            <Button onClick={() => void share()}>
              <Share2 aria-hidden />
              Share
            </Button>
          ) : null}
        </>
      }
    >
      <Stack gap="3">
        <Textarea
          aria-label="The list as text"
          value={text}
          readOnly
          rows={Math.min(14, text.split('\n').length + 1)}
          fontFamily="mono"
          fontSize="sm"
        />
        {message ? <FormMessage status="error">{message}</FormMessage> : null}
      </Stack>
    </AppDialog>
  );
}
