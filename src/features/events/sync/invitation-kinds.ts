/**
 * Mutation kinds on invitations. Sending inserts the row with an id made on the device (an
 * insert replayed is the same row, whatever happened in between); another pending invitation to
 * the same address means the invitation the user wanted exists, which counts as done. Cancelling
 * and answering are procedures that answer a replay with the state already reached.
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';

const sendArgs = z.object({
  eventId: z.string(),
  email: z.string().trim(),
  message: z.string().max(1000).nullable().optional(),
  id: z.string().optional(),
  at: z.string().optional(),
});

const sendInvitation = kit.defineKind({
  name: 'invitation.send',
  args: sendArgs,
  validate(args) {
    if (!args.email) throw new kit.MutationValidationError('Please enter an email address');
    if (!args.email.includes('@')) throw new kit.MutationValidationError('Please enter a valid email address');
  },
  prepare: (args, ctx) => ({ ...kit.withTime(args, ctx), id: crypto.randomUUID() }),
  // The address too: a send must not overtake the cancel of an earlier invitation to it.
  refs: (args) => [kit.refTo('event')(args.eventId), addressRef(args.eventId, args.email)],
  creates: (args) => [invitationRef(args.id)],
  async applyLocal(w, args) {
    const event = await w.get('events', args.eventId);
    const me = await w.get('profiles', w.userId);
    await w.put('invitations', {
      key: args.id,
      id: args.id,
      event_id: args.eventId,
      event_name: event?.name ?? null,
      ...kit.requestTo(me, w.userId, args.email, args.message, args.at),
      updated_at: args.at,
    });
  },
  async send({ client, userId }, args) {
    try {
      kit.expectData(
        await client.from('event_invitations').upsert(
          {
            id: args.id,
            event_id: args.eventId,
            sender_id: userId,
            recipient_email: args.email,
            message: args.message?.trim() || null,
          },
          { onConflict: 'id', ignoreDuplicates: true },
        ),
      );
    } catch (error) {
      // The pending-invitation index: this address already has a pending invitation to this event.
      if (error instanceof kit.SendFailure && error.reason.code === '23505') return { alreadyPending: true };
      throw error;
    }
    return { alreadyPending: false };
  },
  describe: (args, ctx) => `Invite ${kit.given(args.email) ?? 'someone'}${kit.inEvent(ctx, 'to', args.eventId)}`,
});

const invitationRef = kit.refTo('invitation');

/** The pending invitation of one address to one event (one at a time on the server). */
function addressRef(eventId: string, email: string): string {
  return `invitation-address:${eventId}|${email.trim().toLowerCase()}`;
}

const idArgs = z.object({ id: z.string(), eventId: z.string().optional(), email: z.string().optional() });

const cancelInvitation = kit.defineKind({
  name: 'invitation.cancel',
  args: idArgs,
  async prepare(args, ctx) {
    const invitation = await ctx.db.invitations.get(args.id);
    return invitation ? { ...args, eventId: invitation.event_id, email: invitation.recipient_email } : args;
  },
  refs: (args) => [
    invitationRef(args.id),
    ...(args.eventId && args.email ? [addressRef(args.eventId, args.email)] : []),
  ],
  async applyLocal(w, args) {
    await w.delete('invitations', args.id);
  },
  send: ({ client }, args) => kit.callProcedure(client, 'cancel_invitation', { p_invitation_id: args.id }),
  describe: (args) => `Cancel the invitation${args.email ? ` of ${args.email}` : ''}`,
});

const respondArgs = z.object({
  id: z.string(),
  status: z.enum(['accepted', 'declined']),
  responseMessage: z.string().max(1000).nullable().optional(),
  at: z.string().optional(),
});

const respondToInvitation = kit.defineKind({
  name: 'invitation.respond',
  args: respondArgs,
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: (args) => [invitationRef(args.id)],
  async applyLocal(w, args) {
    await w.update('invitations', args.id, {
      status: args.status,
      response_message: args.responseMessage?.trim() || null,
      responded_at: args.at ?? null,
      recipient_id: w.userId,
    });
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'respond_to_invitation', {
      p_invitation_id: args.id,
      p_status: args.status,
      p_response_message: args.responseMessage ?? null,
    }),
  describe: (args) => (args.status === 'accepted' ? 'Accept an invitation' : 'Decline an invitation'),
});

export const invitationKinds = [sendInvitation, cancelInvitation, respondToInvitation] as const;
