/**
 * System notifications (Web Push) on this device: whether the browser can, the permission, this
 * browser's subscription, and turning them on (ask permission, subscribe with the backend's VAPID
 * public key, store the subscription for the signed-in user) and off (unsubscribe, remove the
 * stored row). Online only: subscribing needs the push service and the backend.
 */
import { callFunction, callRpc } from '../../sync/backend.ts';

export type PushState = 'unsupported' | 'no-worker' | 'denied' | 'off' | 'on';

/** The answer of a change: null when it worked, else the words to show. */
export type PushOutcome = string | null;

function canPush(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The installed service worker's registration (none in development, or before the first load ends). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!canPush()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!canPush()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const worker = await registration();
  if (!worker) return 'no-worker';
  const subscription = await worker.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** A base64url string as the bytes PushManager.subscribe takes. */
function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A short name of this device for the list of devices ('Chrome on Android'). */
function deviceLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : 'Safari';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : 'Linux';
  return `${browser} on ${system}`;
}

async function vapidPublicKey(): Promise<string | null> {
  const answer = await callFunction('send-push');
  const key = (answer.body as { publicKey?: unknown } | null)?.publicKey;
  return answer.status === 200 && typeof key === 'string' ? key : null;
}

/** Asks permission (the user pressed the button), subscribes and registers this device. */
export async function enablePush(): Promise<PushOutcome> {
  if (!canPush()) return 'This browser cannot show system notifications.';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    return 'Notifications are blocked for CrewCamp. Allow them in your browser settings, then try again.';
  const worker = await registration();
  if (!worker) return 'CrewCamp is still installing on this device. Reload the page and try again.';
  const key = await vapidPublicKey();
  if (!key) return 'System notifications cannot be turned on right now. Check your connection and try again.';
  let subscription: PushSubscription;
  try {
    subscription =
      (await worker.pushManager.getSubscription()) ??
      (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(key) }));
  } catch {
    return 'Your browser refused the subscription. Try again, or check its notification settings.';
  }
  const { keys } = subscription.toJSON();
  const { data, error } = await callRpc('register_push_subscription', {
    p_endpoint: subscription.endpoint,
    p_p256dh: keys?.p256dh ?? '',
    p_auth: keys?.auth ?? '',
    p_device_label: deviceLabel(),
  });
  const answer = data as { success?: boolean; message?: string } | null;
  if (error || !answer?.success) {
    await subscription.unsubscribe().catch(() => false);
    return (
      answer?.message ?? 'System notifications cannot be turned on right now. Check your connection and try again.'
    );
  }
  return null;
}

/** Unsubscribes this browser and removes its row (pushes to it stop at once). */
export async function disablePush(): Promise<PushOutcome> {
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return null;
  const { error } = await callRpc('unregister_push_subscription', { p_endpoint: subscription.endpoint });
  if (error) return 'System notifications cannot be turned off while offline. Try again when you are online.';
  await subscription.unsubscribe().catch(() => false);
  return null;
}
