/** The device rows of transport: their schemas (rows read back are parsed with them) and types. */
import { z } from 'zod';
import { nullableText, tableRows, withKey } from '../../../db/row-values.ts';
import { editTracking, sentOnly } from '../../../sync/edit-groups.ts';

/** A pick-up point along a ride: its id (made by the device), the place and an optional 'HH:mm'. */
const rideStopSchema = z.object({ id: z.string(), place: z.string(), time: z.string().nullable() });

export type RideStop = z.infer<typeof rideStopSchema>;

/** The expense a ride's fuel and toll were split into (premium transport). */
const rideCostSplitSchema = z.object({
  expense_id: z.string(),
  fuel_minor: z.number().int(),
  toll_minor: z.number().int(),
});

export type RideCostSplit = z.infer<typeof rideCostSplitSchema>;

export const rideDirections = ['outbound', 'return'] as const;

export type RideDirection = (typeof rideDirections)[number];

/**
 * A ride to an event (`outbound`) or home from it (`return`); `departs_at` is the wall-clock time
 * at the place of departure. Rows stored before premium transport have no direction, stops or
 * split: they read as an outbound ride without any.
 */
export const rideRowSchema = tableRows.rides
  .omit({ deleted_at: true, ...sentOnly })
  .extend({
    ...withKey,
    ...editTracking,
    direction: z.enum(rideDirections).default('outbound'),
    stops: z.array(rideStopSchema).default([]),
    cost_split: rideCostSplitSchema.nullable().default(null),
  })
  .describe('rides');

export type RideRow = z.infer<typeof rideRowSchema>;

/** A seat taken in a ride, and the stop where its passenger gets on (null: the departure place). Key: `{ride_id}|{user_id}`. */
export const ridePassengerRowSchema = tableRows.ride_passengers
  .omit({ id: true, created_at: true, deleted_at: true })
  .extend({ ...withKey, pickup_stop_id: nullableText.default(null) })
  .describe('ridePassengers');

export type RidePassengerRow = z.infer<typeof ridePassengerRowSchema>;

/** The local key of a ride passenger row. */
export function passengerKey(rideId: string, userId: string): string {
  return `${rideId}|${userId}`;
}

export const rideNeedStatuses = ['needs_ride', 'own_way'] as const;

export type RideNeedStatus = (typeof rideNeedStatuses)[number];

/**
 * A member's "I need a ride" (`needs_ride`) or "Going on my own" (`own_way`) for an event; no row
 * is undecided. Key: `{event_id}|{user_id}`.
 */
export const rideNeedRowSchema = tableRows.ride_needs
  .omit({ id: true, created_at: true, deleted_at: true })
  .extend({ ...withKey, status: z.enum(rideNeedStatuses), note: nullableText.default(null) })
  .describe('rideNeeds');

export type RideNeedRow = z.infer<typeof rideNeedRowSchema>;

/** The local key of a ride need row. */
export function rideNeedKey(eventId: string, userId: string): string {
  return `${eventId}|${userId}`;
}

declare module '../../../db/mirror.ts' {
  interface RowOf {
    rides: RideRow;
    ridePassengers: RidePassengerRow;
    rideNeeds: RideNeedRow;
  }
}
