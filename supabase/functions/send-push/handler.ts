/**
 * send-push: the Web Push sender (RFC 8030 delivery, RFC 8291 aes128gcm payload encryption,
 * RFC 8292 VAPID), with the npm `web-push` library.
 *
 * POST (service role only: the database's webhook on a hosted project, the local backend's
 * delivery loop) takes the due jobs of the push outbox (claim_push_jobs), folds several for one
 * device and event into one notification, encrypts and signs each for its device, sends them to
 * the push services, and reports every answer (finish_push_jobs): a 404/410 removes the device,
 * 5xx, 429 and network errors are tried again later. It goes on while jobs are due, within a time
 * budget, and answers what it did.
 *
 * GET answers the VAPID public key (`{publicKey}`), which a browser needs to subscribe.
 */
import webpush from 'web-push';
import { serviceClient } from '../_shared/clients.ts';
import { corsHeaders, fail, json } from '../_shared/http.ts';
import {
  collapse,
  endpointAllowed,
  outcomeOf,
  vapidFromEnv,
  type Delivery,
  type Outcome,
  type PushJob,
  type Vapid,
} from '../_shared/push.ts';
import { requireServiceRole } from '../_shared/service-caller.ts';

const BATCH = 100;
const BUDGET_MS = 20_000;
const PARALLEL = 8;
const REQUEST_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for an offline device: two days (a weekend at the campsite). */
const TTL_SECONDS = 2 * 24 * 60 * 60;

interface Result {
  id: number;
  outcome: Outcome;
  error?: string;
}

async function deliver(delivery: Delivery, vapid: Vapid): Promise<Result[]> {
  const { job, payload } = delivery;
  const report = (outcome: Outcome, error?: string) => delivery.jobIds.map((id) => ({ id, outcome, error }));
  if (!endpointAllowed(job.endpoint)) return report('gone', 'not a push service this project sends to');
  let request;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: job.endpoint, keys: { p256dh: job.p256dh, auth: job.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: vapid,
        TTL: TTL_SECONDS,
        urgency: job.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
  } catch (error) {
    // Keys that are not a P-256 point and a 16-byte secret: this device can never be reached.
    return report('gone', `invalid subscription keys: ${(error as Error).message}`);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
  }
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    return report('retry', `push service unreachable: ${(error as Error).message}`);
  }
  const detail = response.ok
    ? undefined
    : `HTTP ${response.status} ${(await response.text().catch(() => '')).slice(0, 200)}`;
  if (response.ok) await response.body?.cancel();
  return report(outcomeOf(response.status), detail);
}

/** Runs the deliveries PARALLEL at a time. */
async function deliverAll(deliveries: Delivery[], vapid: Vapid): Promise<Result[]> {
  const results: Result[] = [];
  let next = 0;
  const lane = async () => {
    while (next < deliveries.length) results.push(...(await deliver(deliveries[next++], vapid)));
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, deliveries.length) }, lane));
  return results;
}

export async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  const vapid = vapidFromEnv();
  if (req.method === 'GET') {
    return 'error' in vapid ? fail(503, vapid.error) : json(200, { publicKey: vapid.publicKey });
  }
  if (req.method !== 'POST') return fail(405, 'Method not allowed: use GET or POST');
  const denied = requireServiceRole(req);
  if (denied) return denied;
  // Without keys nothing is claimed: the jobs wait until the project has them.
  if ('error' in vapid) return fail(503, vapid.error);

  const service = serviceClient();
  const started = Date.now();
  const totals = { claimed: 0, sent: 0, gone: 0, retry: 0, failed: 0 };
  let more = false;
  for (;;) {
    const { data, error } = await service.rpc('claim_push_jobs', { p_limit: BATCH });
    if (error) return fail(500, `Could not take the push jobs: ${error.message}`);
    const jobs = (data ?? []) as PushJob[];
    if (jobs.length === 0) break;
    totals.claimed += jobs.length;
    const results = await deliverAll(collapse(jobs), vapid);
    const { error: finishError } = await service.rpc('finish_push_jobs', { p_results: results });
    if (finishError) return fail(500, `Could not record the push results: ${finishError.message}`);
    for (const result of results) totals[result.outcome] += 1;
    if (jobs.length < BATCH) break;
    if (Date.now() - started > BUDGET_MS) {
      more = true;
      break;
    }
  }
  return json(200, { ...totals, more });
}
