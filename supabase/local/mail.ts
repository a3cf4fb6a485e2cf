/**
 * `/_dev/mail`: the mails the backend would have sent (password recovery, and any mail a server
 * function sends), newest first, as a page for people and as JSON (`?format=json` or
 * `Accept: application/json`) for tests. Local only: a hosted project sends real mail instead.
 *
 * The mails hold sign-in links, so the page is for the person at this machine only: it exists only
 * while the backend runs with the CLI's public development secret (config.ts), answers only
 * requests from a loopback address, sends no CORS headers, and refuses a request a browser marks as
 * coming from another origin (an `Origin` other than the backend's own, or `Sec-Fetch-Site` other
 * than same-origin, except for opening the page itself). Emptying it (`DELETE`) needs the
 * service_role key.
 *
 * `POST /_dev/mail` {to, subject, body, link?} is the outbox of the server functions: the local
 * backend gives them its address as `DEV_MAIL_URL` (functions.ts), and their mail sender
 * (supabase/functions/_shared/mail.ts) posts here with the service_role key when no mail provider
 * is configured. A hosted project has no such variable, so there a function needs a real provider.
 */
import { bearerOf, type ApiHandler, type ApiRequest, type ApiResponse, type App } from './app.ts';
import { isDevelopmentSecret } from './config.ts';

interface MailRow {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  link: string | null;
  created_at: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** The origins the backend itself is reached at on this machine. */
function ownOrigins(app: App): string[] {
  const port = new URL(app.url).port;
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`];
}

/** Why a request may not see the mails, or null when it may. */
function refusal(app: App, req: ApiRequest): string | null {
  if (!LOOPBACK.test(req.raw.socket.remoteAddress ?? '')) return 'The dev mail page answers only this machine.';
  const origin = req.header('origin');
  if (origin !== undefined && !ownOrigins(app).includes(origin)) {
    return 'The dev mail page answers only its own origin.';
  }
  const site = req.header('sec-fetch-site');
  // A page of another site may open the mail page in a tab (it cannot read it); nothing more.
  const isOpening = req.method === 'GET' && req.header('sec-fetch-mode') === 'navigate';
  if (site !== undefined && site !== 'same-origin' && site !== 'none' && !isOpening) {
    return 'The dev mail page answers only its own origin.';
  }
  return null;
}

async function isServiceRole(app: App, req: ApiRequest): Promise<boolean> {
  const token = bearerOf(req);
  const verified = token ? await app.jwt.verify(token) : null;
  return verified?.ok === true && verified.claims.role === 'service_role';
}

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export function devMailApi(app: App): ApiHandler {
  const handler: ApiHandler = async (req) => {
    if (!isDevelopmentSecret(app.config))
      return { status: 404, body: { message: 'no Route matched with those values' } };
    const refused = refusal(app, req);
    if (refused) return { status: 403, body: { message: refused } };
    if (req.method === 'POST') return receive(app, req);
    if (req.method === 'DELETE') {
      if (!(await isServiceRole(app, req)))
        return { status: 401, body: { message: 'The service_role key is required to delete mail' } };
      await app.db.query('delete from _local.mails');
      return { status: 204 };
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return { status: 405, body: { message: 'Method not allowed' } };
    const to = req.url.searchParams.get('to');
    const { rows } = await app.db.query<MailRow>(
      `select id::int as id, to_address, subject, body, link, to_char(created_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
       from _local.mails
       where $1::text is null or lower(to_address) = lower($1)
       order by id desc limit 200`,
      [to],
    );
    const wantsJson =
      req.url.searchParams.get('format') === 'json' || (req.header('accept') ?? '').includes('application/json');
    if (wantsJson) return { status: 200, body: rows };
    const items = rows
      .map(
        (
          m,
        ) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to_address)} · ${escapeHtml(m.created_at)}</p>
<pre>${escapeHtml(m.body)}</pre>${m.link ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` : ''}</article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mail sent by the local backend</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a202c}
article{border:1px solid #cbd5e0;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0 0 .25rem;font-size:1.1rem}
.meta{color:#4a5568;margin:0}pre{white-space:pre-wrap;font-family:inherit}a{word-break:break-all;display:inline-block}</style></head>
<body><h1>Mail sent by the local backend</h1>${items || '<p>No mail yet.</p>'}</body></html>`;
    return { status: 200, body: html, headers: { 'content-type': 'text/html; charset=utf-8' } };
  };
  return async (req) => {
    const reply = await handler(req);
    return { ...reply, headers: { ...SECURITY_HEADERS, ...reply.headers } };
  };
}

const field = (body: Record<string, unknown>, key: string, max: number): string | null => {
  const value = body[key];
  return typeof value === 'string' && value.trim() && value.length <= max ? value : null;
};

/** A mail handed over by a server function: only with the service_role key, as it is server-only. */
async function receive(app: App, req: ApiRequest): Promise<ApiResponse> {
  if (!(await isServiceRole(app, req)))
    return { status: 401, body: { message: 'The service_role key is required to send mail' } };
  let body: unknown;
  try {
    body = JSON.parse((await req.body(256 * 1024)).toString('utf8'));
  } catch {
    return { status: 400, body: { message: 'The request body must be JSON' } };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { status: 400, body: { message: 'The request body must be a JSON object' } };
  const mail = body as Record<string, unknown>;
  const to = field(mail, 'to', 320);
  const subject = field(mail, 'subject', 500);
  const text = field(mail, 'body', 100_000);
  const link = mail.link === undefined || mail.link === null ? null : field(mail, 'link', 4000);
  if (!to || !to.includes('@')) return { status: 400, body: { message: 'to must be an email address' } };
  if (!subject) return { status: 400, body: { message: 'subject is required' } };
  if (!text) return { status: 400, body: { message: 'body is required' } };
  if (link === null && mail.link !== undefined && mail.link !== null)
    return { status: 400, body: { message: 'link must be a string' } };
  await app.sendMail({ to: to.trim(), subject, body: text, link: link ?? undefined });
  return { status: 202, body: { sent: true } };
}
