/**
 * What this device remembers of Get ready (device-only rows of the `meta` table): its own id (the
 * crew sees one readiness row per device), and per event made ready the last time it was fully
 * ready and the storage then used. An event with a ready state is kept ready while online
 * (use-keep-ready.ts).
 */
import type { CrewCampDb } from '../../../db/crewcamp-db.ts';

export interface ReadyState {
  /** When the device was last fully ready (the server's time when it reported, else the device's). */
  readyAt: number;
  /** navigator.storage.estimate().usage then, in bytes. */
  usage: number | null;
  /** Whether the crew was told (report_device_ready answered). */
  reported: boolean;
  /** The app version last reported. */
  version?: string;
}

const DEVICE_KEY = 'ready|device';
const stateKey = (eventId: string) => `ready|event|${eventId}`;

/** This device's id for the user (kept in the user's device database). */
export async function deviceId(db: CrewCampDb): Promise<string> {
  const known = await knownDeviceId(db);
  if (known) return known;
  const id = crypto.randomUUID();
  await db.meta.put({ key: DEVICE_KEY, value: id });
  return id;
}

/**
 * This device's id if it has one yet, without making one: for live queries, which read in a
 * read-only transaction (a write there throws).
 */
async function knownDeviceId(db: CrewCampDb): Promise<string | null> {
  const row = await db.meta.get(DEVICE_KEY);
  return typeof row?.value === 'string' ? row.value : null;
}

/** The profile's "Your devices" read (a live query): the user's readiness rows and this device. */
export async function myDeviceRows(db: CrewCampDb, userId: string) {
  return {
    rows: await db.deviceReadiness.where('user_id').equals(userId).toArray(),
    me: await knownDeviceId(db),
  };
}

export async function readyState(db: CrewCampDb, eventId: string): Promise<ReadyState | null> {
  const row = await db.meta.get(stateKey(eventId));
  return (row?.value as ReadyState | undefined) ?? null;
}

export async function saveReadyState(db: CrewCampDb, eventId: string, state: ReadyState): Promise<void> {
  await db.meta.put({ key: stateKey(eventId), value: state });
}

/** The events this device was made ready for (and keeps ready). */
export async function readyEventIds(db: CrewCampDb): Promise<string[]> {
  const prefix = stateKey('');
  return (await db.meta.where('key').startsWith(prefix).primaryKeys()).map((key) => String(key).slice(prefix.length));
}

/** The build this page runs (the `crewcamp-build` meta tag of index.html). */
export function appVersion(): string {
  const content = document.querySelector('meta[name="crewcamp-build"]')?.getAttribute('content')?.trim();
  return content ? content.slice(0, 40) : 'dev';
}

/** "Chrome on Android": enough for a member to tell their devices apart. */
export function deviceLabel(agent = navigator.userAgent): string {
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone/.test(agent)
      ? 'iPhone'
      : /iPad/.test(agent)
        ? 'iPad'
        : /Mac OS X/.test(agent)
          ? 'Mac'
          : /Windows/.test(agent)
            ? 'Windows'
            : /Linux/.test(agent)
              ? 'Linux'
              : 'a device';
  return `${browser} on ${system}`;
}

/** This device no longer keeps any event ready (the user forgot it). */
export async function forgetReadyStates(db: CrewCampDb): Promise<void> {
  await db.meta.where('key').startsWith(stateKey('')).delete();
}
