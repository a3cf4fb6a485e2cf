/**
 * POST event-logo {eventId}: the logo of an organizer event for whoever holds its join link
 * (issue 21), the anon key included: the join page shows it before the visitor signs in or joins.
 * The event-logos bucket stays private (members read it through RLS); this answers a signed URL,
 * valid for ten minutes, for the one object get_event_preview names as the event's logo, so a link
 * holder can neither list the bucket nor read another object with it. An event without a logo,
 * deleted, not organizer, or unknown gets the same 404.
 */
import { serviceClient } from '../_shared/clients.ts';
import { fail, json, preflight, readBody } from '../_shared/http.ts';
import { deleteEventBody } from '../_shared/schemas.ts';

const VALID_SECONDS = 600;

export async function handler(req: Request): Promise<Response> {
  const early = preflight(req, 'POST');
  if (early) return early;
  const body = await readBody(req, deleteEventBody);
  if (body instanceof Response) return body;
  const service = serviceClient();
  // The preview decides what a link holder sees (not deleted, branding only while organizer).
  const { data: preview, error } = await service.rpc('get_event_preview', { p_event_id: body.eventId });
  if (error) return fail(500, 'HTTP 500: Failed to read the event');
  const path = (preview as { logo_path?: string | null } | null)?.logo_path;
  if (!path) return fail(404, 'This event has no logo.');
  const { data: signed, error: signError } = await service.storage
    .from('event-logos')
    .createSignedUrl(path, VALID_SECONDS);
  if (signError || !signed?.signedUrl) return fail(404, 'This event has no logo.');
  return json(200, { url: signed.signedUrl, expires_in: VALID_SECONDS });
}
