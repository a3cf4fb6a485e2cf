/**
 * The auth server against guessing and snooping: verification limited per client (GET and POST
 * /verify, as GoTrue limits token verifications), one-time codes burnt after a few wrong tries for
 * their address and good once, sign-in limited per normalised address, sign-up limited per client,
 * and the dev mail page closed to other origins and to deployments. Each test speaks from its own
 * loopback address (127.0.0.x), so that the limits of one test do not spend another's.
 */
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

process.env.AUTH_BCRYPT_COST = '4';

let backend: TestBackend;
let counter = 0;
let nextClient = 10;
const PASSWORD = 'correct-horse-battery';
const ENV_KEYS = ['AUTH_RATE_LIMIT_SIGNIN', 'AUTH_RATE_LIMIT_SIGNUP', 'AUTH_EMAIL_MAX_FREQUENCY'];

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
});
afterAll(async () => {
  await backend?.stop();
});
afterEach(() => {
  for (const key of ENV_KEYS) delete process.env[key];
});

const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${counter++}@example.com`;
/** A loopback address no other test uses: a client of its own for the per-client limits. */
const newClientAddress = () => `127.0.0.${nextClient++}`;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown> & { code?: string; message?: string };
  text: string;
}

/** One HTTP request from a chosen loopback address (fetch cannot choose its source address). */
function send(
  method: string,
  path: string,
  options: { from?: string; body?: unknown; headers?: Record<string, string>; base?: string } = {},
): Promise<Reply> {
  const url = new URL(path, options.base ?? backend.url);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    apikey: backend.anonKey,
    'x-supabase-api-version': '2024-01-01',
    ...(payload ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, localAddress: options.from ?? '127.0.0.1', agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: Reply['body'];
        try {
          body = text ? (JSON.parse(text) as Reply['body']) : {};
        } catch {
          body = {}; // the HTML page
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function newUser() {
  const email = uniqueEmail('user');
  const res = await send('POST', '/auth/v1/signup', { body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return { email, id: (res.body.user as { id: string }).id };
}

async function mailsTo(email: string): Promise<Array<{ subject: string; body: string; link: string | null }>> {
  const res = await send('GET', `/_dev/mail?format=json&to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return res.body as unknown as Array<{ subject: string; body: string; link: string | null }>;
}

async function recoveryCode(email: string, from: string): Promise<string> {
  expect((await send('POST', '/auth/v1/recover', { from, body: { email } })).status).toBe(200);
  const code = /code: (\d{6})/.exec((await mailsTo(email))[0]?.body ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

const randomHash = () => randomBytes(28).toString('hex');
const otherCode = (code: string, n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

describe('verification limits', () => {
  it('answers a token_hash guesser 429 after 30 verifications from one client, and others still get through', async () => {
    const guesser = newClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await send('POST', '/auth/v1/verify', {
        from: guesser,
        body: { type: 'recovery', token_hash: randomHash() },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(403));
    expect(statuses[30]).toBe(429);
    const blocked = await send('POST', '/auth/v1/verify', {
      from: guesser,
      body: { type: 'recovery', token_hash: randomHash() },
    });
    expect(blocked.body).toMatchObject({ code: 'over_request_rate_limit' });
    // The limit is the guesser's: another client is answered as usual.
    const other = await send('POST', '/auth/v1/verify', {
      from: newClientAddress(),
      body: { type: 'recovery', token_hash: randomHash() },
    });
    expect(other.status).toBe(403);
  });

  it('counts GET /verify (the mailed link, opened without apikey) the same way', async () => {
    const guesser = newClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await send('GET', `/auth/v1/verify?type=recovery&token=${randomHash()}`, {
        from: guesser,
        headers: { apikey: '' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(303));
    expect(statuses[30]).toBe(429);
  });

  it('burns a code after five wrong codes for its address, from any client; a new code works once', async () => {
    process.env.AUTH_EMAIL_MAX_FREQUENCY = '0';
    const { email } = await newUser();
    const code = await recoveryCode(email, newClientAddress());
    for (let n = 1; n <= 5; n++) {
      // each wrong code from another client: the count belongs to the address, not the client
      const wrong = await send('POST', '/auth/v1/verify', {
        from: newClientAddress(),
        body: { type: 'recovery', email, token: otherCode(code, n) },
      });
      expect(wrong.status).toBe(403);
    }
    const burnt = await send('POST', '/auth/v1/verify', {
      from: newClientAddress(),
      body: { type: 'recovery', email, token: code },
    });
    expect(burnt.status).toBe(403);
    expect(burnt.body.code).toBe('otp_expired');

    const fresh = await recoveryCode(email, newClientAddress());
    const client = newClientAddress();
    const first = await send('POST', '/auth/v1/verify', {
      from: client,
      body: { type: 'recovery', email, token: fresh },
    });
    expect(first.status).toBe(200);
    expect(first.body.access_token).toEqual(expect.any(String));
    const second = await send('POST', '/auth/v1/verify', {
      from: client,
      body: { type: 'recovery', email, token: fresh },
    });
    expect(second.status).toBe(403);
  });

  it('limits recovery mails per client', async () => {
    process.env.AUTH_EMAIL_MAX_FREQUENCY = '0';
    const client = newClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await send('POST', '/auth/v1/recover', { from: client, body: { email: uniqueEmail('nobody') } })).status,
      );
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
  });
});

describe('sign-in and sign-up limits', () => {
  it('counts spaces and capitals before an address as the same address', async () => {
    process.env.AUTH_RATE_LIMIT_SIGNIN = '3';
    const { email } = await newUser();
    const client = newClientAddress();
    for (const variant of [`  ${email}`, email.toUpperCase(), `\t${email} `]) {
      const res = await send('POST', '/auth/v1/token?grant_type=password', {
        from: client,
        body: { email: variant, password: 'wrong-password' },
      });
      expect(res.status).toBe(400);
    }
    const res = await send('POST', '/auth/v1/token?grant_type=password', {
      from: client,
      body: { email: ` ${email.toUpperCase()}`, password: PASSWORD },
    });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('over_request_rate_limit');
  });

  it('limits sign-ups per client', async () => {
    process.env.AUTH_RATE_LIMIT_SIGNUP = '3';
    const client = newClientAddress();
    for (let i = 0; i < 3; i++) {
      const res = await send('POST', '/auth/v1/signup', {
        from: client,
        body: { email: uniqueEmail('many'), password: PASSWORD },
      });
      expect(res.status).toBe(200);
    }
    const email = uniqueEmail('many');
    const refused = await send('POST', '/auth/v1/signup', { from: client, body: { email, password: PASSWORD } });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('over_request_rate_limit');
    const { rows } = await backend.db.query(`select 1 from auth.users where email = $1`, [email]);
    expect(rows).toEqual([]);
    const elsewhere = await send('POST', '/auth/v1/signup', {
      from: newClientAddress(),
      body: { email: uniqueEmail('many'), password: PASSWORD },
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('the dev mail page', () => {
  const FOREIGN = 'https://evil.example.com';

  it('sends no CORS headers and refuses a request from another origin', async () => {
    const { email } = await newUser();
    await recoveryCode(email, newClientAddress());
    const foreign = await send('GET', `/_dev/mail?format=json&to=${encodeURIComponent(email)}`, {
      headers: { origin: FOREIGN, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toContain('Reset');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await send('OPTIONS', '/_dev/mail', {
      headers: { origin: FOREIGN, 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    // a page of another site without an Origin header (a no-cors request) is refused too
    const noCors = await send('GET', '/_dev/mail?format=json', {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
    });
    expect(noCors.status).toBe(403);

    const own = await send('GET', `/_dev/mail?format=json&to=${encodeURIComponent(email)}`, {
      headers: { origin: backend.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
    expect(own.text).toContain('Reset Your Password');
  });

  it('opens as a page in a tab, from the address bar or a link', async () => {
    for (const site of ['none', 'cross-site']) {
      const res = await send('GET', '/_dev/mail', {
        headers: { accept: 'text/html', 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
      });
      expect(res.status).toBe(200);
      expect(res.text).toContain('Mail sent by the local backend');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('is emptied only with the service_role key', async () => {
    const { email } = await newUser();
    await recoveryCode(email, newClientAddress());
    expect((await send('DELETE', '/_dev/mail')).status).toBe(401);
    expect(
      (await send('DELETE', '/_dev/mail', { headers: { authorization: `Bearer ${backend.anonKey}` } })).status,
    ).toBe(401);
    expect(await mailsTo(email)).toHaveLength(1);
    const res = await send('DELETE', '/_dev/mail', { headers: { authorization: `Bearer ${backend.serviceRoleKey}` } });
    expect(res.status).toBe(204);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('does not exist on a backend with its own JWT secret (a deployment, not a developer machine)', async () => {
    const deployed = await startTestBackend({
      fixtures: false,
      jwtSecret: 'a-deployment-secret-of-at-least-32-characters',
    });
    try {
      const res = await send('GET', '/_dev/mail?format=json', { base: deployed.url });
      expect(res.status).toBe(404);
      const post = await send('POST', '/_dev/mail', {
        base: deployed.url,
        headers: { authorization: `Bearer ${deployed.serviceRoleKey}` },
        body: { to: 'a@example.com', subject: 'Hi', body: 'Hello' },
      });
      expect(post.status).toBe(404);
    } finally {
      await deployed.stop();
    }
    // a second backend starts within this test: migrations take a while on a busy machine
  }, 120_000);
});
