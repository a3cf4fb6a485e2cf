/** The invite form's suggestions: people I know (friends, members of my other events) matching the typed text, not yet in this event. */
export interface Suggestable {
  userId: string;
  name: string | null;
  email: string | null;
  avatar: string | null;
}

export function inviteSuggestions<P extends Suggestable>(
  people: P[],
  memberIds: ReadonlySet<string>,
  typed: string,
  max = 5,
): P[] {
  const needle = typed.trim().toLowerCase();
  if (!needle) return [];
  return people
    .filter(
      (person) =>
        person.email &&
        !memberIds.has(person.userId) &&
        person.email.toLowerCase() !== needle &&
        ((person.name ?? '').toLowerCase().includes(needle) || person.email.toLowerCase().includes(needle)),
    )
    .slice(0, max);
}
