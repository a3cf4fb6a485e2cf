/**
 * Realtime as a doorbell: any postgres_changes event on a synced table, and every (re)subscription,
 * only asks for a pull. Nothing is read from the events themselves: Realtime delivers nothing that
 * happened while disconnected, the pull does.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { eventPageSources } from './pull-sources.ts';

const TABLES = [
  'events',
  'event_members',
  'event_invitations',
  'profiles',
  'app_settings',
  'stripe_subscriptions',
  'friend_requests',
  'friendships',
  ...eventPageSources.map((source) => source.remote),
];

/** Subscribes; `ring` gets the table that changed (null: (re)subscribed, anything may have changed). */
export function openDoorbell(
  client: SupabaseClient,
  userId: string,
  ring: (table: string | null) => void,
): () => Promise<void> {
  let channel: RealtimeChannel = client.channel(`crewcamp-sync-${userId}-${crypto.randomUUID()}`);
  for (const table of TABLES) {
    channel = channel.on('postgres_changes', { event: '*', schema: 'public', table }, () => ring(table));
  }
  channel.subscribe((status) => {
    if (status === 'SUBSCRIBED') ring(null);
  });
  return async () => {
    await client.removeChannel(channel);
  };
}
