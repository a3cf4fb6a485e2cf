/**
 * Realtime as a doorbell: any postgres_changes event on a synced table, and every (re)subscription,
 * only asks for a pull. Nothing is read from the events themselves: Realtime delivers nothing that
 * happened while disconnected, the pull does.
 */
import type { RealtimeChannel } from '@supabase/supabase-js';
import type { AppClient } from './client.ts';

/** Subscribes; `ring` gets the table that changed (null: (re)subscribed, anything may have changed). */
export function openDoorbell(
  client: AppClient,
  userId: string,
  tables: readonly string[],
  ring: (table: string | null) => void,
): () => Promise<void> {
  let channel: RealtimeChannel = client.channel(`crewcamp-sync-${userId}-${crypto.randomUUID()}`);
  for (const table of new Set(tables)) {
    channel = channel.on('postgres_changes', { event: '*', schema: 'public', table }, () => ring(table));
  }
  channel.subscribe((status) => {
    if (status === 'SUBSCRIBED') ring(null);
  });
  return async () => {
    await client.removeChannel(channel);
  };
}
