import { splitLinks } from './chat-helpers.ts';

/** A message's text as text: line breaks kept, links clickable, nothing else interpreted. */
export function MessageText({ body }: { body: string }) {
  return (
    <p className="cc-text">
      {splitLinks(body).map((part, i) =>
        part.type === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
