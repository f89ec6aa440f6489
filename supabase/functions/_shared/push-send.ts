// Sending one Web Push message (RFC 8030) to one device: the `web-push` package signs the VAPID
// JWT (RFC 8292) and encrypts the payload (aes128gcm, RFC 8291); fetch posts it, so the same
// code runs on Deno (hosted Supabase) and here. Decision 0337.
import webpush from 'npm:web-push@3';
import type { PushDevice, PushPayload } from './push-message.ts';
import type { VapidConfig } from './push-config.ts';

/** What the push service answered: sent, the device is gone (404/410), or a failure to retry. */
export type DeviceResult = { device: string; result: 'sent' | 'gone' | 'refused' | 'failed'; status?: number };

/** A day: a reminder or a promotion is stale after that (RFC 8030 TTL, seconds). */
const TTL = 24 * 3600;

export async function sendPush(device: PushDevice, payload: PushPayload, vapid: VapidConfig, urgency: 'normal' | 'high' = 'normal'): Promise<DeviceResult> {
  const details = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(payload),
    { vapidDetails: vapid, TTL, urgency, contentEncoding: 'aes128gcm' },
  );
  let res: Response;
  try {
    res = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body as Uint8Array,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    console.error(`push: ${new URL(device.endpoint).origin}:`, (err as Error).message);
    return { device: device.id, result: 'failed' };
  }
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) return { device: device.id, result: 'gone', status: res.status };
  if (res.ok) return { device: device.id, result: 'sent', status: res.status };
  // 400/403/413: this message or these keys will never be taken; 429/5xx: later.
  const retry = res.status === 429 || res.status >= 500;
  console.error(`push: ${new URL(device.endpoint).origin} answered ${res.status}`);
  return { device: device.id, result: retry ? 'failed' : 'refused', status: res.status };
}
