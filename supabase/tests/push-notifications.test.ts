import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { projectWithEnv } from './support/payments.ts';
import { startPushServiceDouble, vapidKeys, type PushServiceDouble, type TestSubscription } from './support/push-service-double.ts';

// The whole path, as in production: a procedure makes a notification, the trigger posts it to
// `push` through pg_net after commit, `push` signs (VAPID) and encrypts (aes128gcm) it for each of
// the member's devices and posts it to their push service — here a double that checks both as
// the RFCs say and decrypts with the browser's own key.

const VAPID = vapidKeys();
let g: GatherServer;
let double: PushServiceDouble;
let project: { dir: string; remove(): void };
let host: Member;
beforeAll(async () => {
  double = await startPushServiceDouble(VAPID.publicKey);
  project = projectWithEnv({
    VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: 'mailto:ops@gather.test',
    PUSH_SERVICE_ORIGINS: double.url,
  });
  g = await startGather({ project: project.dir });
  host = await g.member('push_host');
});
afterAll(async () => {
  await g?.stop();
  await double?.close();
  project?.remove();
});

const HOUR = 1 / 24;
const rsvp = (m: Member, eventId: string) => g.sqlAs(m)('select public.rsvp($1, 0)', [eventId]);

async function allowPush(m: Member, sub: TestSubscription): Promise<string> {
  const rows = await g.sqlAs(m)<{ id: string }>('select public.save_push_subscription($1, $2, $3, $4) as id',
    [sub.endpoint, sub.keys.p256dh, sub.keys.auth, 'Test browser']);
  return rows[0]!.id;
}

/** Waits until every notification of `kind` for `m` has its push handled; answers the outcomes. */
async function settledPush(m: Member, kind: string): Promise<string[]> {
  await expect.poll(async () => (await g.db.query<{ n: number }>(
    `select count(*)::int as n from public.notifications where user_id = $1 and kind = $2 and (pushed_at is null or push_status = 'sending')`,
    [m.id, kind])).rows[0]!.n, { timeout: 30_000, interval: 100 }).toBe(0);
  const { rows } = await g.db.query<{ push_status: string }>(
    'select push_status from public.notifications where user_id = $1 and kind = $2 order by created_at', [m.id, kind]);
  return rows.map((r) => r.push_status);
}

const pushesTo = (sub: TestSubscription) => double.received.filter((r) => r.endpoint === sub.endpoint);

describe('push: Web Push for notifications', () => {
  it('hands browsers the VAPID public key, never the private one', async () => {
    const res = await fetch(`${g.url}/functions/v1/push-key`, { headers: { apikey: g.keys.anonKey } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ publicKey: VAPID.publicKey });
    expect(text).not.toContain(VAPID.privateKey);
  });

  it('pushes a waitlist promotion, signed and encrypted, that opens the event', async () => {
    const [a, b] = [await g.member('push_promo_a'), await g.member('push_promo_b')];
    const phone = double.subscribe();
    await allowPush(b, phone);
    const e = await createEvent(g, host, { title: 'Promotion party', capacity: 1, waitlist_enabled: true });
    await rsvp(a, e.id);
    await rsvp(b, e.id);
    await g.sqlAs(a)('select public.cancel_rsvp($1)', [e.id]);

    expect(await settledPush(b, 'rsvp_promoted')).toEqual(['sent']);
    expect(double.refused).toEqual([]);
    const [push] = pushesTo(phone);
    expect(Object.keys(push!.payload as object).sort()).toEqual(['body', 'title', 'url']);
    expect(push!.payload).toMatchObject({ title: "You're going to Promotion party" });
    expect((push!.payload as { url: string }).url).toMatch(new RegExp(`/events/${e.slug}$`));
    expect((push!.payload as { body: string }).body).toContain('Promotion party');
    expect(push!.claims.aud).toBe(double.url);
    expect(push!.claims.sub).toBe('mailto:ops@gather.test');
    expect(push!.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(push!.ttl).toBeGreaterThan(0);
    // The member who cancelled has no device and gets nothing; their row says why.
    expect((await g.db.query(`select push_status from public.notifications where user_id = $1`, [a.id])).rows.every((r) => r.push_status === 'no_device')).toBe(true);
  });

  it('pushes reminders to every device, forgets a device whose push service says it is gone (410)', async () => {
    const m = await g.member('push_two_devices');
    const [laptop, oldPhone] = [double.subscribe(), double.subscribe()];
    const laptopId = await allowPush(m, laptop);
    await allowPush(m, oldPhone);
    double.expire(oldPhone);
    const e = await createEvent(g, host, { title: 'Tomorrow gathering', days: 23.5 * HOUR });
    await rsvp(m, e.id);
    await g.sqlAs('service')('select public.create_due_reminders()');

    expect(await settledPush(m, 'reminder_24h')).toEqual(['sent']);
    expect(pushesTo(laptop)).toHaveLength(1);
    expect(pushesTo(laptop)[0]!.payload).toMatchObject({ title: 'Tomorrow: Tomorrow gathering' });
    expect(pushesTo(oldPhone)).toHaveLength(0);
    const { rows } = await g.db.query<{ id: string; last_used_at: Date | null }>(
      'select id, last_used_at from public.push_subscriptions where user_id = $1', [m.id]);
    expect(rows.map((r) => r.id)).toEqual([laptopId]);
    expect(rows[0]!.last_used_at).not.toBeNull();
  });

  it('never pushes a kind the member turned off, and still emails it', async () => {
    const m = await g.member('push_quiet');
    const phone = double.subscribe();
    await allowPush(m, phone);
    await g.sqlAs(m)('update public.notification_preferences set push_reminders = false where user_id = $1', [m.id]);
    const e = await createEvent(g, host, { title: 'Quiet reminder', days: 40 / 1440 });
    await rsvp(m, e.id);
    await g.sqlAs('service')('select public.create_due_reminders()');

    expect(await settledPush(m, 'reminder_1h')).toEqual(['opted_out']);
    expect(pushesTo(phone)).toEqual([]);
    const { rows } = await g.db.query(`select email_status from public.notifications where user_id = $1 and kind = 'reminder_1h'`, [m.id]);
    await expect.poll(async () => (await g.db.query(
      `select email_status from public.notifications where user_id = $1 and kind = 'reminder_1h'`, [m.id])).rows[0]?.email_status,
    { timeout: 30_000 }).toBe('sent');
    expect(rows).toHaveLength(1);
  });

  it("pushes host news as the host chose: a request at once, new RSVPs only when asked", async () => {
    const h = await g.member('push_news_host');
    const phone = double.subscribe();
    await allowPush(h, phone);
    const open = await createEvent(g, h, { title: 'Open house' });
    const asking = await createEvent(g, h, { title: 'Ask first', requires_approval: true });
    const guest = await g.member('push_news_guest');
    await rsvp(guest, open.id);
    await rsvp(guest, asking.id);
    expect(await settledPush(h, 'new_rsvp')).toEqual(['opted_out']);
    expect(await settledPush(h, 'rsvp_requested')).toEqual(['sent']);
    expect(pushesTo(phone).map((p) => (p.payload as { url: string }).url)).toEqual([expect.stringMatching(new RegExp(`/events/${asking.slug}/manage$`))]);

    await g.sqlAs(h)(`insert into public.notification_kind_preferences (kind, channel, delivery) values ('new_rsvp', 'push', 'instant')`);
    await rsvp(await g.member('push_news_second'), open.id);
    expect(await settledPush(h, 'new_rsvp')).toEqual(['opted_out', 'sent']);
    expect(pushesTo(phone)).toHaveLength(2);
  });

  it('refuses callers other than the service role, and bodies it cannot use, in its own shape', async () => {
    const m = await g.member('push_caller');
    const asMember = await fetch(`${g.url}/functions/v1/push`, {
      method: 'POST', headers: { authorization: `Bearer ${await signToken(m.claims)}`, apikey: g.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [] }),
    });
    expect(asMember.status).toBe(403);
    const bad = await g.service().functions.invoke('push', { body: { ids: ['not-a-uuid'] } });
    expect(bad.error).not.toBeNull();
    expect(await (bad.response as Response).json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('push_subscriptions: each member sees and removes only their own devices', () => {
  it('keeps devices private to their member; the server owns ids and times', async () => {
    const [a, b] = [await g.member('push_rls_a'), await g.member('push_rls_b')];
    const sub = double.subscribe();
    const id = await allowPush(a, sub);
    expect(await g.sqlAs(a)('select endpoint from public.push_subscriptions')).toEqual([{ endpoint: sub.endpoint }]);
    expect(await g.sqlAs(b)('select endpoint from public.push_subscriptions')).toEqual([]);
    await expect(g.sqlAs('anon')('select endpoint from public.push_subscriptions')).rejects.toThrow(/permission denied/);
    // Not someone else's, not a time of one's own.
    const other = double.subscribe();
    await expect(g.sqlAs(b)('insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)',
      [a.id, other.endpoint, other.keys.p256dh, other.keys.auth])).rejects.toThrow(/row-level security/);
    await expect(g.sqlAs(b)('insert into public.push_subscriptions (endpoint, p256dh, auth, last_used_at) values ($1, $2, $3, now())',
      [other.endpoint, other.keys.p256dh, other.keys.auth])).rejects.toThrow(/permission denied/);
    await expect(g.sqlAs(b)(`insert into public.push_subscriptions (endpoint, p256dh, auth, created_at) values ($1, $2, $3, '2000-01-01')`,
      [other.endpoint, other.keys.p256dh, other.keys.auth])).rejects.toThrow(/permission denied/);
    expect(await g.sqlAs(b)('delete from public.push_subscriptions where id = $1 returning id', [id])).toEqual([]);
    expect(await g.sqlAs(a)('delete from public.push_subscriptions where id = $1 returning id', [id])).toEqual([{ id }]);
  });

  it('gives a shared browser to the member who allowed push on it last', async () => {
    const [a, b] = [await g.member('push_shared_a'), await g.member('push_shared_b')];
    const sub = double.subscribe();
    await allowPush(a, sub);
    await allowPush(b, sub);
    expect(await g.sqlAs(a)('select endpoint from public.push_subscriptions')).toEqual([]);
    expect(await g.sqlAs(b)('select endpoint from public.push_subscriptions')).toEqual([{ endpoint: sub.endpoint }]);
    await expect(g.sqlAs(b)('select public.save_push_subscription($1, $2, $3)', ['ftp://nope', sub.keys.p256dh, sub.keys.auth]))
      .rejects.toThrow(/push subscription/);
  });
});

describe('push on a server without VAPID keys', () => {
  let bare: GatherServer;
  beforeAll(async () => {
    bare = await startGather();
  });
  afterAll(() => bare?.stop());

  it('tells browsers push is not set up, and records that on the notifications it cannot push', async () => {
    const res = await fetch(`${bare.url}/functions/v1/push-key`, { headers: { apikey: bare.keys.anonKey } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ publicKey: null });
    const m = await bare.member('push_unset');
    const sub = double.subscribe();
    await bare.sqlAs(m)('select public.save_push_subscription($1, $2, $3)', [sub.endpoint, sub.keys.p256dh, sub.keys.auth]);
    await bare.db.query(`insert into public.notifications (user_id, kind, payload) values ($1, 'host_message', '{}')`, [m.id]);
    await expect.poll(async () => (await bare.db.query<{ push_status: string }>(
      'select push_status from public.notifications where user_id = $1', [m.id])).rows[0]?.push_status, { timeout: 30_000 }).toBe('not_configured');
    expect(pushesTo(sub)).toEqual([]);
  });
});
