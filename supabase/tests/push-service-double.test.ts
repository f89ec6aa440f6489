import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushServiceDouble, vapidKeys, type PushServiceDouble } from './support/push-service-double.ts';

// The double refuses what a real push service refuses, so the push tests can fail: a message
// signed with another key, for another audience, or expired, and a payload it cannot decrypt.

const KEYS = vapidKeys();
let double: PushServiceDouble;
beforeAll(async () => {
  double = await startPushServiceDouble(KEYS.publicKey);
});
afterAll(() => double.close());

async function post(details: ReturnType<typeof webpush.generateRequestDetails>): Promise<number> {
  const res = await fetch(details.endpoint, { method: details.method, headers: details.headers as Record<string, string>, body: details.body as unknown as BodyInit });
  return res.status;
}

const vapid = (over: Partial<{ publicKey: string; privateKey: string }> = {}) => ({ subject: 'mailto:ops@gather.test', ...KEYS, ...over });

describe('the push service double', () => {
  it('takes a message signed by the application server key and decrypts it', async () => {
    const sub = double.subscribe();
    const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: sub.keys }, '{"title":"t","body":"b","url":"/"}', { vapidDetails: vapid() });
    expect(await post(details)).toBe(201);
    expect(double.received.at(-1)!.payload).toEqual({ title: 't', body: 'b', url: '/' });
  });

  it('refuses another key, a signature that does not match, another audience and a payload for another browser', async () => {
    const sub = double.subscribe();
    const other = vapidKeys();
    const before = double.refused.length;
    expect(await post(webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: sub.keys }, 'x', { vapidDetails: vapid(other) }))).toBe(403);
    // The right public key in the header, signed with another private key.
    expect(await post(webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: sub.keys }, 'x', { vapidDetails: vapid({ privateKey: other.privateKey }) }))).toBe(403);
    const wrongAudience = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: sub.keys }, 'x', { vapidDetails: vapid() });
    (wrongAudience.headers as Record<string, string>).Authorization = webpush.getVapidHeaders('https://push.example', 'mailto:ops@gather.test', KEYS.publicKey, KEYS.privateKey, 'aes128gcm').Authorization;
    expect(await post(wrongAudience)).toBe(403);
    const stranger = double.subscribe();
    expect(await post(webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: stranger.keys }, 'x', { vapidDetails: vapid() }))).toBe(400);
    expect(double.refused.slice(before).map((r) => r.why)).toEqual([
      expect.stringMatching(/^k is not/), expect.stringMatching(/not signed/), expect.stringMatching(/^aud /), expect.stringMatching(/^cannot decrypt/),
    ]);
  });

  it('answers 410 for a subscription that is gone', async () => {
    const sub = double.subscribe();
    double.expire(sub);
    expect(await post(webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: sub.keys }, 'x', { vapidDetails: vapid() }))).toBe(410);
  });
});
