/** What a pull reads of rides and their passengers; the device rows are the server's columns (rowSource). */
import { editConverters } from '../../../sync/edit-groups.ts';
import {
  passengerKey,
  rideNeedKey,
  rideNeedRowSchema,
  rideNeedStatuses,
  rideDirections,
  ridePassengerRowSchema,
  rideRowSchema,
  type RideCostSplit,
  type RideStop,
} from './transport-rows.ts';
import { rowSource } from '../../../sync/pull-source.ts';
import { object, objects, oneOf, str, text, wallClock } from '../../../sync/server-values.ts';

/** The stops of a ride as the server has them (a jsonb array), in their order. */
function rideStops(v: unknown): RideStop[] {
  return objects(v).map((s) => ({ id: str(s.id), place: str(s.place), time: text(s.time) }));
}

function rideCostSplit(v: unknown): RideCostSplit | null {
  const split = object(v);
  if (!split) return null;
  return {
    expense_id: str(split.expense_id),
    fuel_minor: Number(split.fuel_minor),
    toll_minor: Number(split.toll_minor),
  };
}

export const ridesSource = rowSource({
  table: 'rides',
  remote: 'rides',
  schema: rideRowSchema,
  convert: {
    ...editConverters,
    departs_at: (r) => wallClock(r.departs_at),
    direction: (r) => oneOf(rideDirections, r.direction, 'outbound'),
    stops: (r) => rideStops(r.stops),
    cost_split: (r) => rideCostSplit(r.cost_split),
  },
  inScope: 'event_id',
});

const ridePassengersSource = rowSource({
  table: 'ridePassengers',
  remote: 'ride_passengers',
  schema: ridePassengerRowSchema,
  key: (r) => passengerKey(r.ride_id, r.user_id),
  inScope: 'event_id',
});

export const rideNeedsSource = rowSource({
  table: 'rideNeeds',
  remote: 'ride_needs',
  schema: rideNeedRowSchema,
  key: (r) => rideNeedKey(r.event_id, r.user_id),
  convert: { status: (r) => oneOf(rideNeedStatuses, r.status, 'needs_ride') },
  inScope: 'event_id',
});

/** This feature's tables, in pull order (what a row points at comes first). */
export const transportSources = [ridesSource, ridePassengersSource, rideNeedsSource];
