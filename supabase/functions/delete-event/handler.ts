/**
 * POST delete-event {eventId} with the caller's bearer: deletes the event for good (its members,
 * invitations and pages go by cascade). Only its creator may. A replay after the event is gone
 * answers success, so a retried request never reports its own earlier success as a failure.
 */
import { authenticate, serviceClient } from '../_shared/clients.ts';
import { fail, json, preflight, readBody } from '../_shared/http.ts';
import { deleteEventBody } from '../_shared/schemas.ts';

export async function handler(req: Request): Promise<Response> {
  const early = preflight(req, 'POST');
  if (early) return early;
  const caller = await authenticate(req);
  if (caller instanceof Response) return caller;
  const body = await readBody(req, deleteEventBody);
  if (body instanceof Response) return body;
  const service = serviceClient();
  const { data: event, error } = await service
    .from('events')
    .select('id, created_by')
    .eq('id', body.eventId)
    .maybeSingle();
  if (error) return fail(500, 'Failed to delete event');
  if (!event) return json(200, { success: true, message: 'Event already deleted', eventId: body.eventId });
  if (event.created_by !== caller.user.id) return fail(403, 'Only the event creator can delete this event');
  const deleted = await service.from('events').delete().eq('id', body.eventId).eq('created_by', caller.user.id);
  if (deleted.error) return fail(500, 'Failed to delete event');
  return json(200, { success: true, message: 'Event deleted', eventId: body.eventId });
}
