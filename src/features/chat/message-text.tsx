import { Link, Text } from '@chakra-ui/react';
import { splitLinks } from './chat-helpers.ts';

/** A message's text as text: line breaks kept, links clickable, nothing else interpreted. */
export function MessageText({ body }: { body: string }) {
  return (
    <Text whiteSpace="pre-wrap" overflowWrap="anywhere" textStyle="sm">
      {splitLinks(body).map((part, i) =>
        part.type === 'link' ? (
          <Link
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            color="inherit"
            textDecoration="underline"
          >
            {part.text}
          </Link>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
