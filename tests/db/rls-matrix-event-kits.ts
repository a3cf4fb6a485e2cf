/**
 * The matrix's kits for the tables of the event pages (chat, checklists, schedule, expenses,
 * transport, the site planner). Each row a case works on belongs to the matrix's event and was
 * made by its member (as the owner, with the member as author, driver or payer), so "the author"
 * in a policy is the member and "a manager" the event admin and the creator.
 */
import type { Actor, Matrix, TableKit } from './rls-matrix-support.ts';

const at = (time: string) => `2027-07-01T${time}:00`;

export function eventPageKits(m: Matrix): Record<string, TableKit> {
  const { users, eventId } = m;
  const member = users.member.id;
  const now = () => ({ deleted_at: new Date().toISOString() });
  /** Fields an owner-made row needs that a client's insert gets from its defaults (auth.uid()). */
  const asService = (actor: Actor, fields: Record<string, unknown>) => (actor === 'service' ? fields : {});

  const message = () =>
    m.one(
      `insert into public.chat_messages (event_id, author_id, body) values ($1, $2, 'Matrix message') returning id as v`,
      [eventId, member],
    );
  const checklist = () =>
    m.one(
      `insert into public.checklists (event_id, title, created_by) values ($1, 'Matrix list', $2) returning id as v`,
      [eventId, member],
    );
  const scheduleItem = () =>
    m.one(
      `insert into public.schedule_items (event_id, title, starts_at, ends_at, created_by)
       values ($1, 'Matrix slot', $2, $3, $4) returning id as v`,
      [eventId, at('10:00'), at('11:00'), member],
    );
  const ride = () =>
    m.one(
      `insert into public.rides (event_id, driver_id, seats, departure_place, departs_at)
       values ($1, $2, 3, 'Zurich', $3) returning id as v`,
      [eventId, member, at('08:00')],
    );
  const planEvents: string[] = [];

  return {
    chat_messages: {
      key: 'id',
      target: message,
      patch: () => ({ body: m.marker() }),
      changed: m.column('chat_messages', 'id', 'body'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, event_id: eventId, body: 'Inserted message' }, id };
      },
    },
    chat_reactions: {
      key: 'id',
      target: async () =>
        m.one(
          `insert into public.chat_reactions (message_id, event_id, user_id, emoji) values ($1, $2, $3, '👍')
           returning id as v`,
          [await message(), eventId, member],
        ),
      patch: now,
      changed: m.deleted('chat_reactions'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, message_id: await message(), event_id: eventId, user_id: member, emoji: '🎉' }, id };
      },
    },
    chat_read_markers: {
      key: 'id',
      // One marker per member and event: the member's own, made again after a case deleted it.
      target: async () =>
        m.one(
          `insert into public.chat_read_markers (event_id, user_id, last_read_at) values ($1, $2, '2027-01-01')
           on conflict (event_id, user_id) do update set last_read_at = excluded.last_read_at returning id as v`,
          [eventId, member],
        ),
      patch: () => ({ last_read_at: '2027-06-01T00:00:00+00:00' }),
      changed: async (id) =>
        (await m.one(
          `select (last_read_at = '2027-06-01T00:00:00+00:00')::text as v from public.chat_read_markers
                      where id = $1`,
          [id],
        )) === 'true',
      insert: async () => {
        const id = await m.uuid();
        const payload = { id, event_id: eventId, user_id: await m.spareUser(), last_read_at: '2027-01-02T00:00:00Z' };
        return { payload, id };
      },
    },
    checklists: {
      key: 'id',
      target: checklist,
      patch: () => ({ title: m.marker() }),
      changed: m.column('checklists', 'id', 'title'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, event_id: eventId, title: 'Inserted list' }, id };
      },
    },
    checklist_items: {
      key: 'id',
      target: async () =>
        m.one(
          `insert into public.checklist_items (checklist_id, text, created_by) values ($1, 'Tent pegs', $2)
               returning id as v`,
          [await checklist(), member],
        ),
      patch: () => ({ text: m.marker() }),
      changed: m.column('checklist_items', 'id', 'text'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, checklist_id: await checklist(), text: 'Inserted item' }, id };
      },
    },
    checklist_templates: {
      key: 'id',
      target: async () =>
        m.one(
          `insert into public.checklist_templates (owner_id, title) values ($1, 'Matrix template') returning id as v`,
          [member],
        ),
      patch: () => ({ title: m.marker() }),
      changed: m.column('checklist_templates', 'id', 'title'),
      insert: async (actor) => {
        const id = await m.uuid();
        return { payload: { id, title: 'Inserted template', ...asService(actor, { owner_id: member }) }, id };
      },
    },
    schedule_items: {
      key: 'id',
      target: scheduleItem,
      patch: () => ({ title: m.marker() }),
      changed: m.column('schedule_items', 'id', 'title'),
      insert: async () => {
        const id = await m.uuid();
        return {
          payload: { id, event_id: eventId, title: 'Inserted slot', starts_at: at('12:00'), ends_at: at('13:00') },
          id,
        };
      },
    },
    schedule_item_assignees: {
      key: 'id',
      target: async () =>
        m.one(
          `insert into public.schedule_item_assignees (item_id, event_id, user_id) values ($1, $2, $3)
               returning id as v`,
          [await scheduleItem(), eventId, member],
        ),
      patch: now,
      changed: m.deleted('schedule_item_assignees'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, item_id: await scheduleItem(), event_id: eventId, user_id: member }, id };
      },
    },
    expenses: {
      key: 'id',
      target: async () =>
        m.one(
          `insert into public.expenses (event_id, title, amount_minor, paid_by, created_by)
           values ($1, 'Matrix groceries', 4200, $2, $2) returning id as v`,
          [eventId, member],
        ),
      patch: () => ({ title: m.marker() }),
      changed: m.column('expenses', 'id', 'title'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, event_id: eventId, title: 'Inserted fuel', amount_minor: 1200, paid_by: member }, id };
      },
    },
    settlements: {
      key: 'id',
      target: async () =>
        m.one(
          `insert into public.settlements (event_id, from_user, to_user, amount_minor, created_by)
           values ($1, $2, $3, 500, $2) returning id as v`,
          [eventId, member, users.creator.id],
        ),
      patch: now,
      changed: m.deleted('settlements'),
      // The member pays the creator back: each member actor takes part or manages the event.
      insert: async () => {
        const id = await m.uuid();
        const payload = { id, event_id: eventId, from_user: member, to_user: users.creator.id, amount_minor: 300 };
        return { payload, id };
      },
    },
    rides: {
      key: 'id',
      target: ride,
      patch: () => ({ notes: m.marker() }),
      changed: m.column('rides', 'id', 'notes'),
      insert: async (actor) => {
        const id = await m.uuid();
        const payload = {
          id,
          event_id: eventId,
          seats: 2,
          departure_place: 'Bern',
          departs_at: at('09:00'),
          ...asService(actor, { driver_id: member }),
        };
        return { payload, id };
      },
    },
    ride_passengers: {
      key: 'id',
      target: async () =>
        m.one(`insert into public.ride_passengers (ride_id, event_id, user_id) values ($1, $2, $3) returning id as v`, [
          await ride(),
          eventId,
          users.eventAdmin.id,
        ]),
      patch: now,
      changed: m.deleted('ride_passengers'),
      insert: async () => {
        const id = await m.uuid();
        return { payload: { id, ride_id: await ride(), event_id: eventId, user_id: users.eventAdmin.id }, id };
      },
    },
    ride_needs: {
      key: 'id',
      // One row per member and event: the member's own; each insert case first takes the actor's away.
      target: async () =>
        m.one(
          `insert into public.ride_needs (event_id, user_id, status) values ($1, $2, 'needs_ride')
           on conflict (event_id, user_id) do update set deleted_at = null returning id as v`,
          [eventId, member],
        ),
      patch: () => ({ note: m.marker() }),
      changed: m.column('ride_needs', 'id', 'note'),
      insert: async (actor) => {
        const userId = actor === 'service' ? member : (users[actor as keyof typeof users]?.id ?? member);
        await m.sql(`delete from public.ride_needs where event_id = $1 and user_id = $2`, [eventId, userId]);
        const id = await m.uuid();
        return { payload: { id, event_id: eventId, status: 'own_way', ...asService(actor, { user_id: member }) }, id };
      },
    },
    site_plans: {
      key: 'event_id',
      // One plan per event: the matrix event's for reading and changing; an event of its own for
      // each insert (and for the delete, so the matrix event keeps its plan).
      async target(op) {
        const id = op === 'delete' ? await m.event('Matrix plan event') : eventId;
        if (op === 'delete') planEvents.push(id);
        return m.one(
          `insert into public.site_plans (event_id, updated_by) values ($1, $2)
           on conflict (event_id) do update set height_m = public.site_plans.height_m returning event_id as v`,
          [id, member],
        );
      },
      patch: () => ({ width_m: 100 + (Number(m.marker().slice(7)) % 800) }),
      changed: m.column('site_plans', 'event_id', 'width_m'),
      insert: async () => {
        const id = await m.event('Matrix plan event');
        planEvents.push(id);
        return { payload: { event_id: id, width_m: 70, height_m: 50 }, id };
      },
      cleanup: async () => {
        await m.sql(`delete from public.events where id = any($1)`, [planEvents.splice(0)]);
      },
    },
    site_items: {
      key: 'id',
      target: async () =>
        m.one(
          `insert into public.site_items (event_id, kind, x_m, y_m, width_m, height_m, created_by)
           values ($1, 'tent', 10, 10, 3, 3, $2) returning id as v`,
          [eventId, member],
        ),
      patch: () => ({ label: m.marker() }),
      changed: m.column('site_items', 'id', 'label'),
      insert: async () => {
        const id = await m.uuid();
        const payload = { id, event_id: eventId, kind: 'car', x_m: 20, y_m: 5, width_m: 2, height_m: 4.5 };
        return { payload, id };
      },
    },
  };
}
