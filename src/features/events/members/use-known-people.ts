/**
 * People the user knows, for the invite form's suggestions: friends and the members of their
 * events (each person once, friends first), with whatever name, email and avatar the device has.
 */
import { parseRows } from '../../../db/validated-read.ts';
import { friendRowSchema } from '../../friends/index.ts';
import { memberRowSchema } from '../index.ts';
import { useDeviceQuery } from '../../../data/use-device-query.ts';

export interface KnownPerson {
  userId: string;
  name: string | null;
  email: string | null;
  avatar: string | null;
  /** Event ids where this person is a member. */
  eventIds: string[];
}

const EMPTY: KnownPerson[] = [];

export function useKnownPeople(): KnownPerson[] {
  return useDeviceQuery(
    async (db, me) => {
      const people = new Map<string, KnownPerson>();
      for (const friend of parseRows(friendRowSchema, await db.friends.toArray())) {
        people.set(friend.id, {
          userId: friend.id,
          name: friend.name,
          email: friend.email,
          avatar: friend.avatar,
          eventIds: [],
        });
      }
      for (const member of parseRows(memberRowSchema, await db.members.toArray())) {
        if (member.user_id === me) continue;
        const person = people.get(member.user_id) ?? {
          userId: member.user_id,
          name: member.name,
          email: member.email,
          avatar: member.avatar,
          eventIds: [],
        };
        person.name ??= member.name;
        person.email ??= member.email;
        person.avatar ??= member.avatar;
        person.eventIds.push(member.event_id);
        people.set(member.user_id, person);
      }
      return [...people.values()];
    },
    [],
    EMPTY,
  );
}
