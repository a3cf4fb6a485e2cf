/**
 * When the user was last caught up, per user on this device, and the catch-up summary that follows
 * a return: coming back online after being offline, or opening the app after hours away. The
 * summary is live (rows keep arriving with the pull after the reconnect) until it is dismissed.
 */
import { useEffect, useMemo, useRef } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useDeviceQuery } from '../../data/use-device-query.ts';
import { useIsOnline } from '../../data/use-is-online.ts';
import { useSyncSession } from '../../data/index.ts';
import { catchUpSummary, type CatchUpEvent } from './catch-up.ts';

/** Opening the app after this long away shows what happened meanwhile. */
const AWAY_MS = 3 * 60 * 60 * 1000;
/** How often "still here" is noted while online and shown. */
const TICK_MS = 60_000;

interface Seen {
  /** The last time the app was open and online (ISO). */
  lastOnlineAt: string;
  /** The start of a summary not dismissed yet (ISO), or null. */
  since: string | null;
}

interface CatchUpState {
  byUser: Record<string, Seen>;
  note(userId: string, seen: Partial<Seen>): void;
}

const useCatchUpStore = create<CatchUpState>()(
  persist(
    (set) => ({
      byUser: {},
      note: (userId, seen) =>
        set((state) => ({
          byUser: {
            ...state.byUser,
            [userId]: {
              ...{ lastOnlineAt: new Date().toISOString(), since: null },
              ...state.byUser[userId],
              ...seen,
            },
          },
        })),
    }),
    { name: 'crewcamp-catch-up', partialize: (state) => ({ byUser: state.byUser }) },
  ),
);

/**
 * Keeps "last online" current (every minute while shown, and when the connection drops), and
 * starts a summary on a return: any reconnect, or the first time online after AWAY_MS away.
 */
function useReturns(userId: string | null, isOnline: boolean): void {
  const note = useCatchUpStore((state) => state.note);
  // Until the app has been online or offline once in this session, being online is an opening.
  const isOpening = useRef(true);
  useEffect(() => {
    if (!userId) return;
    if (!isOnline) {
      isOpening.current = false;
      return;
    }
    const seen = useCatchUpStore.getState().byUser[userId];
    const away = seen ? Date.now() - Date.parse(seen.lastOnlineAt) : 0;
    if (seen && !seen.since && (isOpening.current ? away > AWAY_MS : away > 0)) {
      note(userId, { since: seen.lastOnlineAt });
    }
    isOpening.current = false;
    const stillHere = () => {
      if (document.visibilityState === 'visible') note(userId, { lastOnlineAt: new Date().toISOString() });
    };
    stillHere();
    const timer = setInterval(stillHere, TICK_MS);
    document.addEventListener('visibilitychange', stillHere);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', stillHere);
      // The connection dropped (or the user changed): this was the last moment online.
      note(userId, { lastOnlineAt: new Date().toISOString() });
    };
  }, [userId, isOnline, note]);
}

export interface CatchUp {
  events: CatchUpEvent[];
  dismiss(): void;
}

export function useCatchUp(): CatchUp {
  const session = useSyncSession();
  const userId = session?.userId ?? null;
  const isOnline = useIsOnline();
  useReturns(userId, isOnline);
  const since = useCatchUpStore((state) => (userId ? (state.byUser[userId]?.since ?? null) : null));
  const note = useCatchUpStore((state) => state.note);
  const events = useDeviceQuery(
    async (db, me) => {
      // Shown only online: offline nothing is read (it reads every message of the device).
      if (!since || !isOnline) return [];
      const myRideIds = new Set(
        (await db.ridePassengers.where('user_id').equals(me).toArray()).map((seat) => seat.ride_id),
      );
      return catchUpSummary({
        since,
        me,
        events: (await db.events.toArray())
          .filter((e) => e.status === 'active')
          .map((e) => ({ id: e.id, name: e.name })),
        messages: await db.chatMessages.toArray(),
        expenses: await db.expenses.toArray(),
        scheduleItems: await db.scheduleItems.toArray(),
        assignedItems: await db.checklistItems.where('assignee_id').equals(me).toArray(),
        myRides: (await db.rides.toArray()).filter((ride) => myRideIds.has(ride.id)),
      });
    },
    [since, isOnline],
    [] as CatchUpEvent[],
  );
  return useMemo(
    () => ({
      events: isOnline ? events : [],
      dismiss: () => {
        if (userId) note(userId, { since: null, lastOnlineAt: new Date().toISOString() });
      },
    }),
    [events, isOnline, userId, note],
  );
}
