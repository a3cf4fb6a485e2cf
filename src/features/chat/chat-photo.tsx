import { Box, Image, Text } from '@chakra-ui/react';
import { ImageOff } from 'lucide-react';
import { AppDialog } from '../../components/app-dialog.tsx';
import { useQueuedPhoto, type QueuedPhotoSource } from '../../data/use-queued-photo.ts';
import { CHAT_PHOTO_BUCKET } from './sync/chat-photo-kind.ts';
import type { ChatMessageRow } from './sync/chat-rows.ts';
import { StatusSpinner } from '../../components/status-spinner.tsx';

function photoSource(messageId: string): QueuedPhotoSource {
  return { bucket: CHAT_PHOTO_BUCKET, kind: 'chat.send-photo', matches: (args) => args.id === messageId };
}

const useChatPhoto = (message: ChatMessageRow) => useQueuedPhoto(photoSource(message.id), message.photo_path);

/**
 * A message's photo in the list: a fixed-size tile (the list does not jump while it loads) that
 * opens the viewer. From the outbox while it waits to be sent, else from the bucket when online.
 */
export function ChatPhotoThumb({ message, label, onOpen }: { message: ChatMessageRow; label: string; onOpen(): void }) {
  const image = useChatPhoto(message);
  return (
    <button type="button" className="cc-photo" aria-label={`Open the photo ${label}`} onClick={onOpen}>
      {image.status === 'shown' ? (
        <img src={image.url} alt="" />
      ) : image.status === 'loading' ? (
        <StatusSpinner size="sm" label="Loading the photo" />
      ) : (
        <span className="cc-muted cc-photo-missing">
          <ImageOff size="20" aria-hidden />
          {image.status === 'offline' ? 'Shows when you are online' : 'Could not be loaded'}
        </span>
      )}
    </button>
  );
}

/** The photo full size, in a dialog that takes the phone's screen. */
export function ChatPhotoViewer({
  message,
  title,
  onClose,
}: {
  message: ChatMessageRow;
  title: string;
  onClose(): void;
}) {
  const image = useChatPhoto(message);
  return (
    <AppDialog title={title} size="wide" onClose={onClose}>
      {image.status === 'shown' ? (
        <Box>
          <Image src={image.url} alt={title} maxH="75vh" mx="auto" rounded="md" objectFit="contain" />
          {message.body ? <Text mt="2">{message.body}</Text> : null}
          {image.pending ? (
            <Text textStyle="sm" color="fg.muted" mt="2">
              Kept on this device; it is sent when you are online.
            </Text>
          ) : null}
        </Box>
      ) : image.status === 'loading' ? (
        <StatusSpinner label="Loading the photo" />
      ) : image.status === 'offline' ? (
        <Text>You're offline. The photo shows when you are back online.</Text>
      ) : (
        <Text>The photo could not be loaded.</Text>
      )}
    </AppDialog>
  );
}
