import { Link, Text } from '@chakra-ui/react';
import { splitNoteText } from './note-text.ts';

/** Event notes as written: line breaks kept, links clickable, phone numbers tappable. */
export function NoteTextView({ body }: { body: string }) {
  return (
    <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
      {splitNoteText(body).map((part, i) =>
        part.type === 'text' ? (
          <span key={i}>{part.text}</span>
        ) : (
          <Link
            key={i}
            href={part.href}
            color="colorPalette.fg"
            textDecoration="underline"
            {...(part.type === 'link' ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
          >
            {part.text}
          </Link>
        ),
      )}
    </Text>
  );
}
