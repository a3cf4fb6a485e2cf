/**
 * Web Push for the send-push function, as pure pieces: which endpoints we send to, how several
 * jobs for one device and one event fold into one system notification, what a push service's
 * answer means for the job, and the VAPID details from the environment.
 *
 * Endpoints: only the browsers' push services (and, for a self-hosted push service or the tests'
 * stand-in, the one origin named by PUSH_SERVICE_URL). A subscription is data a client sent, so
 * without this list the server could be made to POST to any address.
 */
import { env } from './env.ts';

/** Push services of Chrome/Edge/Opera/Samsung (FCM), Firefox (autopush), Safari (APNs) and Edge on Windows (WNS). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

export interface PushJob {
  job_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: PushPayload;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  attempts: number;
}

/** What the service worker gets (sw/push.ts reads the same fields). */
export interface PushPayload {
  title: string;
  body: string;
  /** Notifications of one event share a tag, so the device shows them as one group. */
  tag: string;
  /** The app page a tap opens. */
  path: string | null;
  kind: string;
  category: string;
  event_id: string | null;
  event_name: string | null;
  notification_id: string | null;
  priority: boolean;
  /** How many notifications this one stands for (several held or sent in a burst). */
  count?: number;
  notification_ids?: string[];
}

export type Outcome = 'sent' | 'gone' | 'retry' | 'failed';

function hostMatches(host: string, pattern: string): boolean {
  return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;
}

/** Whether the sender may POST to this endpoint: https on a known push service, or the configured extra origin. */
export function endpointAllowed(endpoint: string, extraServiceUrl = env('PUSH_SERVICE_URL')): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraServiceUrl) {
    try {
      if (url.origin === new URL(extraServiceUrl).origin) return true;
    } catch {
      // an unreadable PUSH_SERVICE_URL adds nothing
    }
  }
  return url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((pattern) => hostMatches(url.hostname, pattern));
}

/** A push service's answer (or none: status null) -> what happens to the job. */
export function outcomeOf(status: number | null): Outcome {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  // 404/410: the subscription expired or was withdrawn. 403: it was made for another VAPID key,
  // so it can never receive ours either.
  if (status === 404 || status === 410 || status === 403) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'failed';
}

export interface Delivery {
  jobIds: number[];
  job: PushJob;
  payload: PushPayload;
}

/**
 * One delivery per device and tag: several jobs for the same event on the same device (held
 * during quiet hours, or a burst of chat messages) become one notification naming the newest and
 * how many more there are. Jobs are in the order they were made; the newest comes last.
 */
export function collapse(jobs: PushJob[]): Delivery[] {
  const groups = new Map<string, PushJob[]>();
  for (const job of jobs) {
    const key = `${job.endpoint}\n${job.payload.tag}`;
    const group = groups.get(key);
    if (group) group.push(job);
    else groups.set(key, [job]);
  }
  return [...groups.values()].map((group) => {
    const newest = group[group.length - 1];
    const ids = group.map((job) => job.payload.notification_id).filter((id): id is string => Boolean(id));
    if (group.length === 1) return { jobIds: [newest.job_id], job: newest, payload: { ...newest.payload, count: 1 } };
    const lines = group
      .slice(-3)
      .reverse()
      .map((job) => job.payload.title);
    const more = group.length - lines.length;
    return {
      jobIds: group.map((job) => job.job_id),
      // The most urgent of the group decides how urgently the folded one is sent.
      job: { ...newest, urgency: group.some((job) => job.urgency === 'high') ? 'high' : newest.urgency },
      payload: {
        ...newest.payload,
        title: newest.payload.event_name ?? `${group.length} new notifications`,
        body: [...lines, ...(more > 0 ? [`+${more} more`] : [])].join('\n'),
        priority: group.some((job) => job.payload.priority),
        count: group.length,
        notification_ids: ids,
      },
    };
  });
}

export interface Vapid {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** The VAPID key pair and contact (RFC 8292) from the environment, or the reason there is none. */
export function vapidFromEnv(): Vapid | { error: string } {
  const publicKey = env('VAPID_PUBLIC_KEY');
  const privateKey = env('VAPID_PRIVATE_KEY');
  const subject = env('VAPID_SUBJECT') ?? 'mailto:notifications@crewcamp.local';
  if (!publicKey || !privateKey)
    return { error: 'System notifications are not set up: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are missing' };
  if (!/^(mailto:|https:\/\/)/.test(subject)) return { error: 'VAPID_SUBJECT must be a mailto: or https: address' };
  return { subject, publicKey, privateKey };
}
