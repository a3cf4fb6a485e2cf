/**
 * POST send-approval-email {entryId}: mails an approved waitlist entry its `/register?token=…`
 * link (issue 9: "approving shows and mails the approval link"). The admin panel calls it right
 * after process_waitlist_entry approved the entry.
 *
 * The caller must be a site admin (is_site_admin, decided by the database), and everything after
 * that runs as the caller, so the database decides again: the entry is read under the waitlist's
 * policies, and the signed token comes from process_waitlist_entry itself (an admin-only procedure;
 * called with the entry's own status and notes it changes nothing and logs nothing, and answers
 * the token). The link is built on SITE_URL and sent by the shared mail sender (the dev mail
 * outbox locally, the mail provider on a hosted project). When no mail can go out the answer says
 * so (503/502 with the link), never a pretended success.
 */
import { authenticateAdmin, serviceClient } from '../_shared/clients.ts';
import { fail, json, preflight, readBody } from '../_shared/http.ts';
import { sendMail } from '../_shared/mail.ts';
import { approvalEmailBody } from '../_shared/schemas.ts';
import { siteUrl } from '../_shared/site.ts';

export const NOT_MAILED = 'The approval link could not be mailed; copy it and send it yourself.';

interface Entry {
  id: string;
  email: string;
  name: string | null;
  status: string;
  notes: string | null;
}

export function approvalMail(entry: Pick<Entry, 'email' | 'name'>, link: string) {
  const greeting = entry.name ? `Hi ${entry.name},` : 'Hi,';
  return {
    to: entry.email,
    subject: 'Your CrewCamp spot is ready',
    text: `${greeting}\n\nYour request to join CrewCamp was approved. Create your account here:\n\n${link}\n\nThe link works for ${entry.email} only.\n\nCrewCamp: your event crew, connected.`,
    link,
  };
}

export async function handler(req: Request): Promise<Response> {
  const early = preflight(req, 'POST');
  if (early) return early;
  const caller = await authenticateAdmin(req);
  if (caller instanceof Response) return caller;
  const body = await readBody(req, approvalEmailBody);
  if (body instanceof Response) return body;

  const { data: entry, error: readError } = await caller.client
    .from('waitlist')
    .select('id, email, name, status, notes')
    .eq('id', body.entryId)
    .maybeSingle<Entry>();
  if (readError) return fail(500, 'Failed to fetch waitlist');
  if (!entry) return fail(404, 'Waitlist entry not found');
  if (entry.status !== 'approved') return fail(409, 'Only an approved waitlist entry can be mailed its approval link');

  const { data: approval, error: tokenError } = await caller.client.rpc('process_waitlist_entry', {
    p_id: entry.id,
    p_status: 'approved',
    p_notes: entry.notes ?? '',
  });
  const token = (approval as { token?: unknown } | null)?.token;
  if (tokenError || typeof token !== 'string') return fail(500, 'Failed to process waitlist entry');

  const site = siteUrl(req);
  if (!site) return fail(500, 'SITE_URL is not set, so the approval link cannot be built');
  const link = `${site}/register?token=${encodeURIComponent(token)}`;

  const result = await sendMail(approvalMail(entry, link));
  if (!result.sent) {
    return json(result.isConfigured ? 502 : 503, {
      error: NOT_MAILED,
      detail: result.reason,
      email: entry.email,
      link,
    });
  }

  const { error: logError } = await serviceClient()
    .from('admin_activity')
    .insert({
      actor_id: caller.user.id,
      action: 'send_approval_email',
      target_type: 'waitlist',
      target_id: entry.id,
      details: { email: entry.email },
    });
  if (logError) console.error('send-approval-email: admin_activity', logError.message);
  return json(200, { success: true, message: `Approval link sent to ${entry.email}`, email: entry.email, link });
}
