/**
 * send-notification-mail: the mail outbox's sender (service role only, called like send-push).
 * It takes the due mail jobs (claim_mail_jobs) and sends each through the shared mail sender (the
 * mail provider on a hosted project, the dev mail page locally):
 * - an invitation: who invites to what, the personal message, and the link to the event's join
 *   page with the invitation's signed token (`/join?id={event}&invitation={token}`), with which the
 *   invited address can also create its account while the waitlist is on;
 * - a daily digest of the unread notifications the user wants by mail.
 * Then it reports (finish_mail_jobs): sent, to try again later (the provider failed), or failed
 * for good (no mail provider configured, no SITE_URL for the links).
 */
import { serviceClient } from '../_shared/clients.ts';
import { corsHeaders, fail, json } from '../_shared/http.ts';
import { mailTransport, sendMail, type OutgoingMail } from '../_shared/mail.ts';
import { requireServiceRole } from '../_shared/service-caller.ts';
import { siteUrl } from '../_shared/site.ts';

const BATCH = 50;
const BUDGET_MS = 20_000;

interface MailJob {
  job_id: number;
  kind: 'invitation' | 'digest';
  to_address: string | null;
  payload: Record<string, unknown>;
  attempts: number;
}

interface InvitationPayload {
  event_id: string;
  event_name: string;
  event_start_date: string | null;
  event_end_date: string | null;
  event_location: string | null;
  sender_name: string;
  message: string | null;
  token: string;
  has_account: boolean;
}

interface DigestPayload {
  name: string | null;
  total: number;
  items: { title: string; body: string; event_name: string | null }[];
}

const day = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

function when(p: InvitationPayload): string {
  if (!p.event_start_date) return '';
  if (!p.event_end_date || p.event_end_date === p.event_start_date) return day(p.event_start_date);
  return `${day(p.event_start_date)} to ${day(p.event_end_date)}`;
}

export function invitationMail(to: string, p: InvitationPayload, site: string): OutgoingMail {
  const link = `${site}/join?id=${encodeURIComponent(p.event_id)}&invitation=${encodeURIComponent(p.token)}`;
  const details = [when(p), p.event_location].filter(Boolean).join(', ');
  const message = p.message ? `\n\n${p.sender_name} wrote: "${p.message}"` : '';
  const account = p.has_account
    ? 'Sign in with this address to accept or decline it.'
    : 'No CrewCamp account yet? The link lets you create one with this address, even while CrewCamp has a waitlist.';
  return {
    to,
    subject: `${p.sender_name} invited you to ${p.event_name} on CrewCamp`,
    text:
      `Hi,\n\n${p.sender_name} invited you to join ${p.event_name}${details ? ` (${details})` : ''} on CrewCamp.` +
      `${message}\n\nOpen the invitation:\n\n${link}\n\n${account}\n\nThe link works for ${to} only.\n\n` +
      'CrewCamp: your event crew, connected.',
    link,
  };
}

export function digestMail(to: string, p: DigestPayload, site: string): OutgoingMail {
  const lines = p.items.map(
    (item) => `- ${item.title}${item.body ? `: ${item.body}` : ''}${item.event_name ? ` (${item.event_name})` : ''}`,
  );
  const more = p.total > p.items.length ? `\n...and ${p.total - p.items.length} more.` : '';
  const link = `${site}/dashboard`;
  return {
    to,
    subject: `CrewCamp: ${p.total} new ${p.total === 1 ? 'update' : 'updates'} for you`,
    text:
      `Hi${p.name ? ` ${p.name}` : ''},\n\nWhat happened in your crews since your last digest:\n\n${lines.join('\n')}${more}` +
      `\n\nOpen CrewCamp: ${link}\n\nYou get this daily digest because it is on in your notification settings ` +
      `(${site}/profile/notifications).`,
    link,
  };
}

interface Result {
  id: number;
  outcome: 'sent' | 'retry' | 'failed';
  error?: string;
}

async function send(job: MailJob, site: string | null): Promise<Result> {
  if (!job.to_address) return { id: job.job_id, outcome: 'failed', error: 'no address' };
  if (!site) return { id: job.job_id, outcome: 'retry', error: 'SITE_URL is not set, so the links cannot be built' };
  const mail =
    job.kind === 'invitation'
      ? invitationMail(job.to_address, job.payload as unknown as InvitationPayload, site)
      : digestMail(job.to_address, job.payload as unknown as DigestPayload, site);
  const result = await sendMail(mail);
  if (result.sent) return { id: job.job_id, outcome: 'sent' };
  return { id: job.job_id, outcome: result.isConfigured ? 'retry' : 'failed', error: result.reason };
}

export async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return fail(405, 'Method not allowed: use POST');
  const denied = requireServiceRole(req);
  if (denied) return denied;
  // No transport at all: the jobs stay queued for when the project gets a mail provider.
  const transport = mailTransport();
  if (transport.transport === null) return fail(503, transport.reason);

  const service = serviceClient();
  const site = siteUrl(req);
  const started = Date.now();
  const totals = { claimed: 0, sent: 0, retry: 0, failed: 0 };
  let more = false;
  for (;;) {
    const { data, error } = await service.rpc('claim_mail_jobs', { p_limit: BATCH });
    if (error) return fail(500, `Could not take the mail jobs: ${error.message}`);
    const jobs = (data ?? []) as MailJob[];
    if (jobs.length === 0) break;
    totals.claimed += jobs.length;
    const results: Result[] = [];
    for (const job of jobs) results.push(await send(job, site));
    const { error: finishError } = await service.rpc('finish_mail_jobs', { p_results: results });
    if (finishError) return fail(500, `Could not record the mail results: ${finishError.message}`);
    for (const result of results) totals[result.outcome] += 1;
    if (jobs.length < BATCH) break;
    if (Date.now() - started > BUDGET_MS) {
      more = true;
      break;
    }
  }
  return json(200, { ...totals, more });
}
