// What this browser offers for Web Push, and the small conversions subscribing needs. No React,
// so the unit tests call it directly.

/** Push needs a service worker, the Push API and notifications (iOS: only an installed app). */
export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The VAPID public key (base64url, RFC 8292) as pushManager.subscribe's applicationServerKey wants it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key (the operator may have changed the keys since). */
export function sameKey(subscription: PushSubscription, base64url: string): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const a = new Uint8Array(current);
  const b = applicationServerKey(base64url);
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export class PushTimeoutError extends Error {
  constructor() {
    super("push_service_timeout");
  }
}

/**
 * A browser whose push service cannot be reached may never settle subscribe() (Chromium without
 * its push service): give up after a while and say so.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
