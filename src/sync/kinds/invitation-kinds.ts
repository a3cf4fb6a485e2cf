/**
 * Mutation kinds on invitations. Sending inserts the row with an id made on the device (an
 * insert replayed is the same row, whatever happened in between); another pending invitation to
 * the same address means the invitation the user wanted exists, which counts as done. Cancelling
 * and answering are procedures that answer a replay with the state already reached.
 */
import { z } from 'zod';
import type { MutationKind } from '../kind-registry.ts';
import { MutationValidationError, SendFailure } from '../send-errors.ts';
import { callProcedure, expectData } from './backend-calls.ts';

const sendArgs = z.object({
  eventId: z.string(),
  email: z.string().trim(),
  message: z.string().max(1000).nullable().optional(),
  id: z.string().optional(),
  at: z.string().optional(),
});
type SendArgs = z.infer<typeof sendArgs>;

export const sendInvitation: MutationKind<SendArgs> = {
  name: 'invitation.send',
  args: sendArgs,
  validate(args) {
    if (!args.email) throw new MutationValidationError('Please enter an email address');
    if (!args.email.includes('@')) throw new MutationValidationError('Please enter a valid email address');
  },
  prepare: (args, ctx) => ({ ...args, id: crypto.randomUUID(), at: new Date(ctx.now).toISOString() }),
  // The address too: a send must not overtake the cancel of an earlier invitation to it.
  refs: (args) => [`event:${args.eventId}`, addressRef(args.eventId, args.email)],
  creates: (args) => [`invitation:${args.id}`],
  async applyLocal(w, args) {
    const event = await w.get('events', args.eventId);
    const me = await w.get('profiles', w.userId);
    await w.put('invitations', {
      key: args.id!,
      id: args.id!,
      event_id: args.eventId,
      event_name: event?.name ?? null,
      sender_id: w.userId,
      sender_name: me?.name ?? null,
      recipient_id: null,
      recipient_name: null,
      recipient_email: args.email,
      recipient_avatar: null,
      message: args.message?.trim() || null,
      status: 'pending',
      response_message: null,
      responded_at: null,
      created_at: args.at!,
      updated_at: args.at!,
    });
  },
  async send({ client, userId }, args) {
    try {
      expectData(
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
      if (error instanceof SendFailure && error.reason.code === '23505') return { alreadyPending: true };
      throw error;
    }
    return { alreadyPending: false };
  },
};

/** The pending invitation of one address to one event (one at a time on the server). */
function addressRef(eventId: string, email: string): string {
  return `invitation-address:${eventId}|${email.trim().toLowerCase()}`;
}

const idArgs = z.object({ id: z.string(), eventId: z.string().optional(), email: z.string().optional() });
type IdArgs = z.infer<typeof idArgs>;

export const cancelInvitation: MutationKind<IdArgs> = {
  name: 'invitation.cancel',
  args: idArgs,
  async prepare(args, ctx) {
    const invitation = await ctx.db.invitations.get(args.id);
    return invitation ? { ...args, eventId: invitation.event_id, email: invitation.recipient_email } : args;
  },
  refs: (args) => [
    `invitation:${args.id}`,
    ...(args.eventId && args.email ? [addressRef(args.eventId, args.email)] : []),
  ],
  async applyLocal(w, args) {
    await w.delete('invitations', args.id);
  },
  send: ({ client }, args) => callProcedure(client, 'cancel_invitation', { p_invitation_id: args.id }),
};

const respondArgs = z.object({
  id: z.string(),
  status: z.enum(['accepted', 'declined']),
  responseMessage: z.string().max(1000).nullable().optional(),
  at: z.string().optional(),
});
type RespondArgs = z.infer<typeof respondArgs>;

export const respondToInvitation: MutationKind<RespondArgs> = {
  name: 'invitation.respond',
  args: respondArgs,
  prepare: (args, ctx) => ({ ...args, at: new Date(ctx.now).toISOString() }),
  refs: (args) => [`invitation:${args.id}`],
  async applyLocal(w, args) {
    await w.update('invitations', args.id, {
      status: args.status,
      response_message: args.responseMessage?.trim() || null,
      responded_at: args.at ?? null,
      recipient_id: w.userId,
    });
  },
  send: ({ client }, args) =>
    callProcedure(client, 'respond_to_invitation', {
      p_invitation_id: args.id,
      p_status: args.status,
      p_response_message: args.responseMessage ?? null,
    }),
};

export const invitationKinds = [sendInvitation, cancelInvitation, respondToInvitation];
