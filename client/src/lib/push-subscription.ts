import type { PushSubscriptionItem } from '../../../common/notifications/push';
import { apiRequest } from './api';

/** Push needs a service worker, the Push API and notifications (iPhone: from the Home Screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function browserSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Which of the member's subscriptions is this browser's, if any. */
export async function thisDeviceSubscription(): Promise<PushSubscriptionItem | null> {
  const own = await browserSubscription();
  if (!own) return null;
  const mine = await apiRequest<PushSubscriptionItem[]>('/api/push/subscriptions');
  return mine.find((s) => s.endpoint === own.endpoint) ?? null;
}

export class PushDeniedError extends Error {}

/**
 * Asks the browser for permission (only ever from the member's own switch), subscribes with
 * the server's key and registers the subscription.
 */
export async function subscribeThisDevice(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDeniedError('Notifications are blocked');
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await apiRequest<{ publicKey: string }>('/api/push/key');
  let subscription = await registration.pushManager.getSubscription();
  if (subscription) {
    // A subscription made with another key (the server's changed) cannot be signed for.
    const current = subscription.options.applicationServerKey;
    const wanted = keyBytes(publicKey);
    const same =
      current &&
      new Uint8Array(current).length === wanted.length &&
      new Uint8Array(current).every((b, i) => b === wanted[i]);
    if (!same) {
      await subscription.unsubscribe();
      subscription = null;
    }
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await apiRequest('/api/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
}

/** Stops pushes to this browser: the server forgets it and the browser drops it. */
export async function unsubscribeThisDevice(): Promise<void> {
  const own = await browserSubscription();
  const registered = await thisDeviceSubscription();
  if (registered) {
    await apiRequest(`/api/push/subscriptions/${registered.id}`, { method: 'DELETE' });
  }
  await own?.unsubscribe();
}
