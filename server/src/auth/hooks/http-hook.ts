import { createHmac, randomUUID } from 'node:crypto';
import type { HttpHook } from './hook-target.ts';

/** GoTrue's HTTP hook limits: one deadline across all attempts, three attempts, 2 s apart. */
const HTTP_HOOK_TIMEOUT_MS = 5000;
const HTTP_HOOK_ATTEMPTS = 3;
const HTTP_HOOK_BACKOFF_MS = 2000;
const RESPONSE_LIMIT = 200 * 1024;

/** A failed call, with the reason GoTrue logs; the client only hears "Error running hook URI". */
export class HookCallError extends Error {}

/** Standard Webhooks' symmetric signature: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^v1,/, '').replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

/**
 * POSTs the event to an http(s):// hook as GoTrue's v0http does: signed with every secret
 * (Standard Webhooks headers, a fresh webhook-id per attempt), 5 s for the whole call; a
 * connection failure is retried after 2 s, a 429/503 with Retry-After at once, up to three
 * attempts. 200/202/204 with a JSON body (or 204 without one) is the answer.
 */
export async function callHttpHook(hook: HttpHook, event: unknown): Promise<unknown> {
  const body = JSON.stringify(event);
  const deadline = AbortSignal.timeout(HTTP_HOOK_TIMEOUT_MS);
  for (let attempt = 0; attempt < HTTP_HOOK_ATTEMPTS; attempt++) {
    const id = randomUUID();
    const timestamp = Math.floor(Date.now() / 1000);
    let res: Response;
    try {
      res = await fetch(hook.uri, {
        method: 'POST',
        body,
        signal: deadline,
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          'accept-encoding': 'identity',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': hook.secrets.map((s) => signWebhook(s, id, timestamp, body)).join(', '),
        },
      });
    } catch (err) {
      if (deadline.aborted) throw new HookCallError(`no answer within ${HTTP_HOOK_TIMEOUT_MS / 1000} s`);
      if (attempt === HTTP_HOOK_ATTEMPTS - 1) throw new HookCallError(`unreachable after ${HTTP_HOOK_ATTEMPTS} attempts: ${(err as Error).message}`);
      await sleep(HTTP_HOOK_BACKOFF_MS, deadline).catch(() => {
        throw new HookCallError(`no answer within ${HTTP_HOOK_TIMEOUT_MS / 1000} s`);
      });
      continue;
    }
    if ([200, 202, 204].includes(res.status)) {
      const type = res.headers.get('content-type');
      if (!type) {
        if (res.status === 204) return undefined;
        throw new HookCallError('answer without Content-Type');
      }
      if (type.split(';')[0]!.trim().toLowerCase() !== 'application/json') throw new HookCallError(`answer is ${type}, not JSON`);
      const text = await res.text();
      if (Buffer.byteLength(text) > RESPONSE_LIMIT) throw new HookCallError(`answer over ${RESPONSE_LIMIT} bytes`);
      try {
        return JSON.parse(text);
      } catch {
        throw new HookCallError('answer is not valid JSON');
      }
    }
    await res.body?.cancel();
    if ((res.status === 429 || res.status === 503) && res.headers.get('retry-after')) continue;
    throw new HookCallError(`answered ${res.status}`);
  }
  throw new HookCallError('Service currently unavailable due to hook');
}
