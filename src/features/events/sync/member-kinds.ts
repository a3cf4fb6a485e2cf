/**
 * Mutation kinds on event members, each one procedure that answers a replay with the state
 * already reached: add a member (a removed one comes back), remove one (soft), change a role.
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import { memberKey } from './member-rows.ts';

const addArgs = z.object({
  eventId: z.string(),
  userId: z.string(),
  role: z.enum(['admin', 'member']).default('member'),
  name: z.string().nullable().optional(),
  avatar: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  at: z.string().optional(),
});

const addMember = kit.defineKind({
  name: 'member.add',
  args: addArgs,
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: (args) => [`event:${args.eventId}`],
  async applyLocal(w, args) {
    const key = memberKey(args.eventId, args.userId);
    const existing = await w.get('members', key);
    if (existing) return; // adding an active member does nothing
    const friend = await w.get('friends', args.userId);
    await w.put('members', {
      key,
      id: null,
      event_id: args.eventId,
      user_id: args.userId,
      role: args.role,
      created_at: args.at,
      updated_at: args.at,
      name: args.name ?? friend?.name ?? null,
      avatar: args.avatar ?? friend?.avatar ?? null,
      email: args.email ?? friend?.email ?? null,
    });
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'add_event_member', {
      p_event_id: args.eventId,
      p_user_id: args.userId,
      p_role: args.role,
    }),
  describe: (args, ctx) =>
    `Add ${kit.given(args.name) ?? kit.given(args.email) ?? 'a member'}${kit.inEvent(ctx, 'to', args.eventId)}`,
});

const memberArgs = z.object({ eventId: z.string(), userId: z.string() });

const removeMember = kit.defineKind({
  name: 'member.remove',
  args: memberArgs,
  refs: (args) => [`event:${args.eventId}`],
  async applyLocal(w, args) {
    await w.delete('members', memberKey(args.eventId, args.userId));
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'remove_event_member', { p_event_id: args.eventId, p_user_id: args.userId }),
  describe: (args, ctx) => `Remove a member${kit.inEvent(ctx, 'of', args.eventId)}`,
});

const roleArgs = memberArgs.extend({ role: z.enum(['admin', 'member']) });

const setMemberRole = kit.defineKind({
  name: 'member.set-role',
  args: roleArgs,
  refs: (args) => [`event:${args.eventId}`],
  async applyLocal(w, args) {
    const key = memberKey(args.eventId, args.userId);
    const member = await w.get('members', key);
    if (member && member.role !== 'creator') await w.update('members', key, { role: args.role });
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'update_member_role', {
      p_event_id: args.eventId,
      p_user_id: args.userId,
      p_role: args.role,
    }),
  describe: (args, ctx) => `Change a member's role${kit.inEvent(ctx, 'of', args.eventId)}`,
});

export const memberKinds = [addMember, removeMember, setMemberRole] as const;
