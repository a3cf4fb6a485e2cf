/** What the chat says about who is typing and who is online (pure, for the header and the composer). */

/** 'Ana is typing…', 'Ana and Ben are typing…', '3 people are typing…'; null when nobody is. */
export function typingText(names: readonly string[]): string | null {
  const named = names.map((n) => n.trim() || 'Someone');
  if (named.length === 0) return null;
  if (named.length === 1) return `${named[0]} is typing…`;
  if (named.length === 2) return `${named[0]} and ${named[1]} are typing…`;
  return `${named.length} people are typing…`;
}

/**
 * Who has the chat open, as the header lists them: this user first as 'You', then the others by
 * name, members only (someone who left the event is not listed).
 */
export function onlineNames(
  onlineIds: readonly string[],
  members: readonly { user_id: string; name: string | null }[],
  me: string,
): string[] {
  const ids = new Set(onlineIds);
  const others = members
    .filter((m) => m.user_id !== me && ids.has(m.user_id))
    .map((m) => m.name?.trim() || 'A member')
    .sort((a, b) => a.localeCompare(b));
  return ids.has(me) ? ['You', ...others] : others;
}
