/**
 * Generators of the organizer-side event-page kinds: rides, expenses and settlements, the site
 * plan. An actor offers rides and records money in their own events and in shared events they
 * belong to; seats are taken on the setup user's ride in the shared event.
 */
import { TINY_PNG } from '../../support/images.ts';
import { addRow, choose, ownRows, writableEvents, type Model, type ModelEvent } from './reference-model.ts';
import type { GeneratorTable } from './generator-types.ts';

/** The setup's rides in shared events the actor belongs to (their stops are in the row's state). */
const setupRides = (m: Model, actor: string) =>
  m.rows.filter((r) => r.table === 'rides' && r.owner === 'setup' && r.event!.members.has(actor as 'A'));

/** Whether the actor drives a live ride in the event, or holds a seat in one (then they cannot do the other). */
const drives = (m: Model, actor: string, event: ModelEvent | null) =>
  m.rows.some((r) => r.table === 'rides' && r.owner === actor && r.alive && r.event === event);
const rides = (m: Model, actor: string, event: ModelEvent) =>
  setupRides(m, actor).some((r) => r.event === event && (r.state.passengers as Set<string>).has(actor));

export const logisticsGenerators = {
  'ride.create': ({ model, actor, n, step }) => {
    const event = choose(
      writableEvents(model, actor).filter((e) => !rides(model, actor, e)),
      n,
    );
    if (!event) return null;
    const stops = n % 2 ? [{ id: crypto.randomUUID(), place: `stop ${step}`, time: null }] : [];
    return {
      kind: 'ride.create',
      args: {
        eventId: event.localId,
        seats: 1 + (n % 4),
        departure_place: `station ${step}`,
        departs_at: '2027-07-01T08:30',
        direction: n % 3 ? 'outbound' : 'return',
        stops,
      },
      apply: (m, p) => void addRow(m, { table: 'rides', id: String(p.id), owner: actor, event }),
    };
  },
  'ride.update': ({ model, actor, n, step }) => {
    const ride = choose(ownRows(model, actor, 'rides'), n);
    if (!ride) return null;
    return {
      kind: 'ride.update',
      args: { id: ride.id, changes: { seats: 1 + (n % 4), notes: `note ${step}` } },
      apply: () => {},
    };
  },
  'ride.cancel': ({ model, actor, n, step }) => {
    const ride = choose(ownRows(model, actor, 'rides'), n);
    if (!ride || step % 2 !== 0) return null;
    return { kind: 'ride.cancel', args: { id: ride.id }, apply: () => void (ride.alive = false) };
  },
  'ride.claim': ({ model, actor, n }) => {
    const ride = choose(
      setupRides(model, actor).filter(
        (r) => !(r.state.passengers as Set<string>).has(actor) && !drives(model, actor, r.event),
      ),
      n,
    );
    if (!ride) return null;
    return {
      kind: 'ride.claim',
      args: { eventId: ride.event!.localId, rideId: ride.id },
      apply: () => void (ride.state.passengers as Set<string>).add(actor),
    };
  },
  'ride.release': ({ model, actor, n }) => {
    const ride = choose(
      setupRides(model, actor).filter((r) => (r.state.passengers as Set<string>).has(actor)),
      n,
    );
    if (!ride) return null;
    return {
      kind: 'ride.release',
      args: { eventId: ride.event!.localId, rideId: ride.id },
      apply: () => void (ride.state.passengers as Set<string>).delete(actor),
    };
  },
  'ride.pickup': ({ model, actor, n }) => {
    const ride = choose(
      setupRides(model, actor).filter((r) => (r.state.passengers as Set<string>).has(actor)),
      n,
    );
    if (!ride) return null;
    const stopId = choose([...(ride.state.stops as string[]), null], n);
    return { kind: 'ride.pickup', args: { eventId: ride.event!.localId, rideId: ride.id, stopId }, apply: () => {} };
  },
  // "I need a ride", "Going on my own" or undecided again, in an event where the actor has transport.
  'ride.need': ({ model, actor, n, step }) => {
    const event = choose(writableEvents(model, actor), n);
    if (!event) return null;
    const status = choose<'needs_ride' | 'own_way' | null>(['needs_ride', 'own_way', null], Math.floor(n / 7));
    const note = status === 'needs_ride' && n % 2 ? `from gate ${step}` : null;
    return { kind: 'ride.need', args: { eventId: event.localId, status: status ?? null, note }, apply: () => {} };
  },
  'expense.create': ({ model, actor, n, step }) => {
    // A third in a shared event, where receipts can be drawn (see expense.attach-receipt).
    const shared = model.shared.filter((e) => e.members.has(actor));
    const event = choose(n % 3 === 0 && shared.length ? shared : writableEvents(model, actor), n);
    if (!event) return null;
    const amount = 100 + (n % 900);
    return {
      kind: 'expense.create',
      args: {
        eventId: event.localId,
        title: `expense ${step}`,
        amount_minor: amount,
        spent_on: '2027-07-01',
        paid_by: model.userIds[actor],
        category: 'food',
        shares: n % 2 ? [{ user_id: model.userIds[actor], share_minor: amount }] : [],
      },
      apply: (m, p) => void addRow(m, { table: 'expenses', id: String(p.id), owner: actor, event }),
    };
  },
  'expense.update': ({ model, actor, n, step }) => {
    const expense = choose(ownRows(model, actor, 'expenses'), n);
    if (!expense) return null;
    return {
      kind: 'expense.update',
      args: { id: expense.id, changes: { title: `expense changed ${step}` } },
      apply: () => {},
    };
  },
  'expense.delete': ({ model, actor, n, step }) => {
    const expense = choose(ownRows(model, actor, 'expenses'), n);
    if (!expense || step % 2 !== 0) return null;
    return { kind: 'expense.delete', args: { id: expense.id }, apply: () => void (expense.alive = false) };
  },
  'expense.attach-receipt': ({ model, actor, n }) => {
    // Any expense, also of an event made on the device and not yet sent: a receipt's path starts with
    // the event's id, which the engine swaps for the server's inside the path too (this test found
    // "temp-…/<expense>/receipt.png" refused for good before).
    const expense = choose(
      ownRows(model, actor, 'expenses').filter((e) => !e.state.receipt),
      n,
    );
    if (!expense) return null;
    return {
      kind: 'expense.attach-receipt',
      args: { eventId: expense.event!.localId, expenseId: expense.id, bytes: TINY_PNG, contentType: 'image/png' },
      apply: () => void (expense.state.receipt = true),
    };
  },
  'settlement.record': ({ model, actor, n, setup }) => {
    // A payment to the setup user, who is a member of every shared event for good.
    const event = choose(
      model.shared.filter((e) => e.members.has(actor)),
      n,
    );
    if (!event) return null;
    return {
      kind: 'settlement.record',
      args: {
        eventId: event.localId,
        from_user: model.userIds[actor],
        to_user: setup.owner.userId,
        amount_minor: 100 + (n % 500),
      },
      apply: (m, p) => void addRow(m, { table: 'settlements', id: String(p.id), owner: actor, event }),
    };
  },
  'settlement.undo': ({ model, actor, n }) => {
    const settlement = choose(ownRows(model, actor, 'settlements'), n);
    if (!settlement) return null;
    return { kind: 'settlement.undo', args: { id: settlement.id }, apply: () => void (settlement.alive = false) };
  },
  'site-plan.set-size': ({ model, actor, n }) => {
    const event = choose(
      model.events.filter((e) => e.creator === actor && e.status === 'active'),
      n,
    );
    if (!event) return null;
    return {
      kind: 'site-plan.set-size',
      args: { eventId: event.localId, width_m: 20 + (n % 80), height_m: 20 + (n % 50) },
      apply: () => void (event.planSized = true),
    };
  },
  'site-item.place': ({ model, actor, n, step }) => {
    const event = choose(writableEvents(model, actor), n);
    if (!event) return null;
    return {
      kind: 'site-item.place',
      args: {
        eventId: event.localId,
        kind: 'tent',
        label: `tent ${step}`,
        x_m: n % 20,
        y_m: n % 15,
        width_m: 3,
        height_m: 3,
        rotation: n % 360,
      },
      apply: (m, p) => void addRow(m, { table: 'site_items', id: String(p.id), owner: actor, event }),
    };
  },
  'site-item.move': ({ model, actor, n }) => {
    const item = choose(ownRows(model, actor, 'site_items'), n);
    if (!item) return null;
    return {
      kind: 'site-item.move',
      args: { id: item.id, to: { x_m: (n % 40) / 2, y_m: (n % 30) / 2 } },
      apply: () => {},
    };
  },
  'site-item.change': ({ model, actor, n, step }) => {
    const item = choose(ownRows(model, actor, 'site_items'), n);
    if (!item) return null;
    return { kind: 'site-item.change', args: { id: item.id, changes: { label: `renamed ${step}` } }, apply: () => {} };
  },
  'site-item.remove': ({ model, actor, n }) => {
    const item = choose(ownRows(model, actor, 'site_items'), n);
    if (!item) return null;
    return { kind: 'site-item.remove', args: { id: item.id }, apply: () => void (item.alive = false) };
  },
} satisfies Partial<GeneratorTable>;
