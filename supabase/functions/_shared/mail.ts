/**
 * Sending a mail from a server function, with fetch only. The transport is picked from the
 * environment at call time:
 * - `RESEND_API_KEY` (+ `MAIL_FROM`, the sender address): the provider's HTTP API (Resend,
 *   `POST {RESEND_API_BASE}/emails`), what a hosted project uses (`supabase secrets set ...`);
 * - else `DEV_MAIL_URL`: the local backend's dev mail outbox (shown on /_dev/mail), which only the
 *   local backend sets;
 * - else none: the answer says so, and the caller tells the user; a mail is never pretended sent.
 */
import { env } from './env.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text. */
  text: string;
  /** The one link the mail is about (listed apart on the dev mail page). */
  link?: string;
}

export type MailTransport = 'resend' | 'dev-outbox';

export type MailResult =
  | { sent: true; transport: MailTransport }
  /** isConfigured false: no transport at all (503); true: the transport failed (502). */
  | { sent: false; reason: string; isConfigured: boolean };

/** The transport the environment configures, or the reason there is none. */
export function mailTransport(): { transport: MailTransport } | { transport: null; reason: string } {
  if (env('RESEND_API_KEY')) {
    if (!env('MAIL_FROM')) return { transport: null, reason: 'MAIL_FROM is not set (the sender address)' };
    return { transport: 'resend' };
  }
  if (env('DEV_MAIL_URL')) return { transport: 'dev-outbox' };
  return { transport: null, reason: 'No mail provider is configured (RESEND_API_KEY and MAIL_FROM)' };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function viaResend(mail: OutgoingMail): Promise<MailResult> {
  const base = env('RESEND_API_BASE') ?? 'https://api.resend.com';
  const html = `<p>${escapeHtml(mail.text).replace(/\n/g, '<br>')}</p>`;
  const response = await fetch(`${base}/emails`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env('RESEND_API_KEY')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ from: env('MAIL_FROM'), to: [mail.to], subject: mail.subject, text: mail.text, html }),
  }).catch(() => null);
  if (!response) return { sent: false, reason: 'The mail provider could not be reached', isConfigured: true };
  if (response.ok) return { sent: true, transport: 'resend' };
  const body = (await response.json().catch(() => ({}))) as { message?: unknown };
  const detail = typeof body.message === 'string' ? `: ${body.message}` : '';
  return { sent: false, reason: `The mail provider answered HTTP ${response.status}${detail}`, isConfigured: true };
}

async function viaDevOutbox(mail: OutgoingMail): Promise<MailResult> {
  const response = await fetch(env('DEV_MAIL_URL')!, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env('SUPABASE_SERVICE_ROLE_KEY') ?? ''}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ to: mail.to, subject: mail.subject, body: mail.text, link: mail.link ?? null }),
  }).catch(() => null);
  if (!response) return { sent: false, reason: 'The dev mail outbox could not be reached', isConfigured: true };
  await response.body?.cancel();
  return response.ok
    ? { sent: true, transport: 'dev-outbox' }
    : { sent: false, reason: `The dev mail outbox answered HTTP ${response.status}`, isConfigured: true };
}

export async function sendMail(mail: OutgoingMail): Promise<MailResult> {
  const picked = mailTransport();
  if (picked.transport === null) return { sent: false, reason: picked.reason, isConfigured: false };
  return picked.transport === 'resend' ? viaResend(mail) : viaDevOutbox(mail);
}
