// This browser's delivery updates (issue 42): the shop's service worker subscribes at the push
// service with the shop's public key and the server keeps the subscription for the signed-in
// shopper (apps/server/src/modules/push). Only ever asked for after an order or on the profile.
import { api } from '../account/api';

export type PushOutcome = 'on' | 'off' | 'denied' | 'unsupported' | 'failed';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // The page registers the worker after load (root.tsx); a very quick click may come first.
  if (!(await navigator.serviceWorker.getRegistration())) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/** Whether this browser gets the signed-in shopper's updates; 'unsupported' when push is off here or at the shop. */
export async function pushState(): Promise<PushOutcome> {
  if (!pushSupported()) return 'unsupported';
  try {
    await api<{ publicKey: string }>('/push/key');
    if (Notification.permission === 'denied') return 'denied';
    const existing = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
    if (!existing) return 'off';
    const { subscribed } = await api<{ subscribed: boolean }>('/push/subscriptions/state', {
      body: { endpoint: existing.endpoint },
    });
    return subscribed ? 'on' : 'off';
  } catch {
    return 'unsupported';
  }
}

export async function turnPushOn(): Promise<PushOutcome> {
  if (!pushSupported()) return 'unsupported';
  try {
    const { publicKey } = await api<{ publicKey: string }>('/push/key');
    if ((await Notification.requestPermission()) !== 'granted') return 'denied';
    const reg = await registration();
    const subscription =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
    await api('/push/subscriptions', { body: subscription.toJSON() });
    return 'on';
  } catch {
    return 'failed';
  }
}

export async function turnPushOff(): Promise<PushOutcome> {
  try {
    const subscription = await (
      await navigator.serviceWorker.getRegistration()
    )?.pushManager.getSubscription();
    if (subscription) {
      await api('/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
      await subscription.unsubscribe();
    }
    return 'off';
  } catch {
    return 'failed';
  }
}
