import type { EventPreview } from './use-event-preview.ts';

/** "Lena, Tom and 3 others": the first names the preview lists, and how many more are in. */
export function whoIsIn(preview: Pick<EventPreview, 'members' | 'member_count'>): string {
  const names = preview.members.slice(0, 3).map((person) => person.first_name);
  const others = preview.member_count - names.length;
  if (!names.length) return 'Nobody has joined yet';
  if (others <= 0) return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${names.join(', ')} and ${others === 1 ? '1 other' : `${others} others`}`;
}
