/**
 * System notifications (Web Push) in the service worker.
 *
 * - 'push': the payload send-push encrypted for this device (supabase/functions/_shared/push.ts,
 *   `PushPayload`) is shown as a notification. Notifications of one event share its tag, so the
 *   device keeps one per event: a new one replaces the shown one and says how many it stands for.
 *   Priority announcements stay on screen until the member acts on them.
 * - 'notificationclick': a tap opens the notification's page in the installed app: an open window
 *   of the app is focused and taken there, else a new one is opened.
 * - 'pushsubscriptionchange': the browser renewed the subscription; the new one is registered for
 *   the signed-in user (the session the page keeps in IndexedDB), so pushes keep arriving.
 */
/// <reference lib="webworker" />
import { createClient } from '@supabase/supabase-js';
import { authStorage } from '../src/lib/auth-storage.ts';
import { env } from '../src/lib/env.ts';

interface PushPayload {
  title: string;
  body?: string;
  tag?: string;
  path?: string | null;
  kind?: string;
  event_id?: string | null;
  event_name?: string | null;
  notification_id?: string | null;
  notification_ids?: string[];
  priority?: boolean;
  count?: number;
}

/** What a shown notification carries for its tap and for the next one of its event. */
interface NotificationData {
  path: string;
  count: number;
  notificationIds: string[];
  eventId: string | null;
  kind: string | null;
}

const ICON = '/icons/icon-192.png';

/** The payload of a push, or null when it is not ours (empty, not JSON, no title). */
function parsePayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || typeof (value as PushPayload).title !== 'string') return null;
    return value as PushPayload;
  } catch {
    return null;
  }
}

/** The app page a notification opens: its path on this app's origin, the dashboard for anything else. */
function targetUrl(scope: string, path: string | null | undefined): string {
  const home = new URL('/dashboard', scope);
  if (!path || !path.startsWith('/') || path.startsWith('//')) return home.href;
  const url = new URL(path, scope);
  return url.origin === home.origin ? url.href : home.href;
}

/** Title, body and data of the notification to show, folding in the one of the same event already shown. */
function notificationFor(
  payload: PushPayload,
  shown: { data: unknown } | undefined,
): { title: string; options: NotificationOptions & { renotify?: boolean; timestamp?: number } } {
  const ids = payload.notification_ids ?? (payload.notification_id ? [payload.notification_id] : []);
  const previous = (shown?.data ?? null) as Partial<NotificationData> | null;
  const count = (payload.count ?? 1) + (previous?.count ?? 0);
  const data: NotificationData = {
    path: payload.path ?? '/dashboard',
    count,
    notificationIds: [...(previous?.notificationIds ?? []), ...ids],
    eventId: payload.event_id ?? null,
    kind: payload.kind ?? null,
  };
  const folded = count > 1;
  const latest =
    payload.count && payload.count > 1 ? payload.body : [payload.title, payload.body].filter(Boolean).join(': ');
  return {
    title: folded ? (payload.event_name ?? payload.title) : payload.title,
    options: {
      body: folded ? `${latest ?? ''}\n${count} new notifications` : (payload.body ?? ''),
      tag: payload.tag ?? payload.event_id ?? payload.kind ?? 'crewcamp',
      data,
      icon: ICON,
      badge: ICON,
      // A replaced notification alerts again: it is news.
      renotify: true,
      requireInteraction: Boolean(payload.priority),
      timestamp: Date.now(),
    },
  };
}

async function showPush(worker: ServiceWorkerGlobalScope, payload: PushPayload): Promise<void> {
  const tag = payload.tag ?? payload.event_id ?? payload.kind ?? 'crewcamp';
  const [shown] = await worker.registration.getNotifications({ tag });
  const { title, options } = notificationFor({ ...payload, tag }, shown);
  await worker.registration.showNotification(title, options);
}

/** Focuses an open window of the app and takes it to `url`, or opens one there. */
async function openPage(worker: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const origin = new URL(url).origin;
  const windows = (await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (client) => new URL(client.url).origin === origin,
  );
  const open = windows.find((client) => client.url === url) ?? windows.find((client) => client.focused) ?? windows[0];
  if (open) {
    // Focusing is allowed while a tap is handled; without one (never here in practice) the window
    // is still taken to the page.
    const focused = await open.focus().catch(() => open);
    if (focused.url === url) return;
    const navigated = await focused.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await worker.clients.openWindow(url);
}

async function registerRenewed(subscription: PushSubscription | null): Promise<void> {
  const json = subscription?.toJSON();
  if (!json?.endpoint || !json.keys?.p256dh || !json.keys.auth) return;
  const client = createClient(env.supabaseUrl, env.supabaseAnonKey, {
    auth: { storage: authStorage, autoRefreshToken: false, detectSessionInUrl: false, persistSession: true },
  });
  const { data } = await client.auth.getSession();
  if (!data.session) return;
  const { error } = await client.rpc('register_push_subscription', {
    p_endpoint: json.endpoint,
    p_p256dh: json.keys.p256dh,
    p_auth: json.keys.auth,
  });
  if (error) throw new Error(`The renewed push subscription could not be registered: ${error.message}`);
}

/** The subscription change event (not in TypeScript's WebWorker library). */
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly newSubscription: PushSubscription | null;
  readonly oldSubscription: PushSubscription | null;
}

export function listenForPush(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('push', (event) => {
    const payload = parsePayload(event.data?.text());
    if (payload) event.waitUntil(showPush(worker, payload));
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as Partial<NotificationData> | null;
    event.waitUntil(openPage(worker, targetUrl(worker.registration.scope, data?.path)));
  });

  worker.addEventListener('pushsubscriptionchange' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
    const change = event as unknown as PushSubscriptionChangeEvent;
    const renew = async () => {
      const key = change.oldSubscription?.options.applicationServerKey;
      const renewed =
        change.newSubscription ??
        (key
          ? await worker.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
          : null);
      await registerRenewed(renewed);
    };
    change.waitUntil(renew());
  });
}
