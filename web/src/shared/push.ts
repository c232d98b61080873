import { useEffect } from 'react';
import type { PushSubscriptionInput } from '../../../contract/reminders/settings';

/** Whether this browser can take Web Push at all (an installed app, or a browser with a service worker and push). */
export const pushSupported = (): boolean => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID key as the push manager takes it: base64url to bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This device's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for permission to show notifications (only now: the person just turned push on) and subscribes this device
 * with the server's key. Resolves to what the server stores, or to why not.
 */
export async function subscribeThisDevice(publicKey: string): Promise<{ subscription: PushSubscriptionInput } | { refused: string }> {
  if (!pushSupported()) return { refused: 'This browser cannot show notifications. Install the app or use a browser that can.' };
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return { refused: 'Notifications are blocked for this site. Allow them in the browser’s settings to get reminders here.' };
  const registration = await navigator.serviceWorker.ready;
  try {
    const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return { refused: 'This browser gave no push address. Please try again.' };
    return { subscription: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } } };
  } catch {
    return { refused: 'This browser could not turn push on. Please try again.' };
  }
}

/**
 * At sign-out: this device stops taking push, at the push service and at ours (the server also drops a device whose
 * sign-in ended, so a failure here leaves nothing behind). A plain fetch: the shell signs out without RTK Query.
 */
export async function forgetThisDevice(token: string): Promise<void> {
  const subscription = await currentPushSubscription().catch(() => null);
  if (!subscription) return;
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe().catch(() => false);
  await fetch('/api/push-subscriptions', { method: 'DELETE', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ endpoint }) }).catch(() => undefined);
}

/**
 * On each start of a signed-in app: a device that takes push tells the server again under this sign-in. A device
 * lives as long as the sign-in that added it (docs/adr/0366-push-devices-live-as-long-as-their-sign-in.md), so after
 * a new sign-in on this device its reminders keep coming; the same device and sign-in again records nothing.
 */
export function usePushDevice(token: string | null, signedIn: boolean): void {
  useEffect(() => {
    if (!token || !signedIn || !pushSupported() || Notification.permission !== 'granted') return;
    void currentPushSubscription()
      .then((subscription) => {
        const json = subscription?.toJSON();
        if (!json?.endpoint || !json.keys?.p256dh || !json.keys.auth) return;
        const body: PushSubscriptionInput = { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
        return fetch('/api/push-subscriptions', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      })
      .catch(() => undefined);
  }, [token, signedIn]);
}
