import { describe, expect, it } from 'vitest';
import { decidePush, pushPayload, type PushRecord } from '../functions/_shared/push-message.ts';
import { pushServiceAllowed } from '../functions/_shared/push-config.ts';

const inTwoHours = new Date(Date.now() + 2 * 3600_000).toISOString();
const device = { id: 'd1', endpoint: 'https://fcm.googleapis.com/fcm/send/abc', p256dh: 'k', auth: 'a' };

function record(over: Partial<PushRecord> = {}): PushRecord {
  return {
    id: 'n1', kind: 'reminder_1h', payload: { event_id: 'e1', starts_at: inTwoHours }, created_at: new Date().toISOString(),
    emailed_at: null, email_status: null, email: 'm@example.com', display_name: 'Ada', locale: 'en', preferences: {},
    event: { id: 'e1', slug: 'board-games', title: 'Board games', status: 'published', starts_at: inTwoHours, ends_at: inTwoHours,
      timezone: 'Europe/Lisbon', venue_name: 'Hall', address: null, is_online: false, cancel_reason: null },
    actor: null, push_delivery: null, devices: [device], ...over,
  };
}

describe('which notifications are pushed', () => {
  it('pushes a kind the member wants, to a device, while it is still true', () => {
    expect(decidePush(record())).toEqual({ send: true });
    expect(decidePush(record({ preferences: { push_reminders: false } }))).toMatchObject({ send: false, outcome: 'opted_out' });
    expect(decidePush(record({ devices: [] }))).toMatchObject({ send: false, outcome: 'no_device' });
    const moved = record({ payload: { event_id: 'e1', starts_at: new Date(Date.now() + 5 * 3600_000).toISOString() } });
    expect(decidePush(moved)).toMatchObject({ send: false, outcome: 'skipped', why: 'the event was moved' });
  });

  it('follows host news choices and group alerts, and pushes nothing for kinds without push', () => {
    expect(decidePush(record({ kind: 'new_rsvp', push_delivery: 'off' }))).toMatchObject({ send: false, outcome: 'opted_out' });
    expect(decidePush(record({ kind: 'new_comment', push_delivery: 'instant' }))).toEqual({ send: true });
    const groupEvent = { kind: 'group_event_published', membership: { status: 'active', role: 'member', alerts: 'none' } };
    expect(decidePush(record(groupEvent))).toMatchObject({ send: false, outcome: 'opted_out' });
    expect(decidePush(record({ ...groupEvent, preferences: { push_group_events: false } }))).toMatchObject({ outcome: 'opted_out', why: 'push_group_events' });
    expect(decidePush(record({ kind: 'order_paid' }))).toMatchObject({ send: false, outcome: 'skipped' });
  });
});

describe('what a push says', () => {
  it('is exactly { title, body, url } in the member\'s language, a host\'s own words as the body', () => {
    const en = pushPayload(record(), 'https://gather.example')!;
    expect(Object.keys(en).sort()).toEqual(['body', 'title', 'url']);
    expect(en.url).toBe('https://gather.example/events/board-games');
    expect(pushPayload(record({ locale: 'de' }), 'https://gather.example')!.title).not.toBe(en.title);
    const message = pushPayload(record({ kind: 'host_message', payload: { event_id: 'e1', subject: 'Doors', body: 'Doors open\nat 7 pm', from_name: 'Hal' } }), 'https://g.example')!;
    expect(message).toEqual({ title: 'Doors · Board games', body: 'Doors open at 7 pm', url: 'https://g.example/events/board-games' });
    const long = pushPayload(record({ kind: 'host_message', payload: { event_id: 'e1', body: 'x'.repeat(5000) } }), 'https://g.example')!;
    expect(long.body.length).toBeLessThanOrEqual(180);
  });
});

describe('where pushes may go', () => {
  it('only to the browsers\' push services over https, or the origins the operator lists', () => {
    expect(pushServiceAllowed('https://fcm.googleapis.com/fcm/send/x', undefined)).toBe(true);
    expect(pushServiceAllowed('https://updates.push.services.mozilla.com/wpush/v2/x', undefined)).toBe(true);
    expect(pushServiceAllowed('https://web.push.apple.com/x', undefined)).toBe(true);
    expect(pushServiceAllowed('http://fcm.googleapis.com/fcm/send/x', undefined)).toBe(false);
    expect(pushServiceAllowed('https://169.254.169.254/latest', undefined)).toBe(false);
    expect(pushServiceAllowed('https://evil.example/fcm.googleapis.com', undefined)).toBe(false);
    expect(pushServiceAllowed('http://127.0.0.1:9/push/x', 'http://127.0.0.1:9')).toBe(true);
    expect(pushServiceAllowed('https://fcm.googleapis.com/fcm/send/x', 'http://127.0.0.1:9')).toBe(false);
  });
});

describe('replies, mentions and private messages (decision 0405)', () => {
  const SITE = 'https://gather.example';
  const talk = { group_slug: 'readers', group_name: 'Readers', thread_id: 't1', title: 'Picnic?', from_name: 'Grace', excerpt: 'Bring a blanket.' };

  it('follows the per-kind choice the database answers', () => {
    expect(decidePush(record({ kind: 'mention', payload: talk, event: null, push_delivery: 'off' }))).toMatchObject({ send: false, outcome: 'opted_out' });
    expect(decidePush(record({ kind: 'direct_message', payload: { conversation_id: 'c1' }, event: null, push_delivery: 'instant' }))).toEqual({ send: true });
  });

  it('says who, where and the first words in each language, and opens the very post', () => {
    const mention = (locale: string, reply_id?: string) =>
      pushPayload(record({ kind: 'mention', locale, event: null, payload: { ...talk, reply_id } }), SITE)!;
    expect(mention('pt-BR', 'r1')).toEqual({ title: 'Grace mencionou você em “Picnic?”', body: 'Bring a blanket.', url: `${SITE}/g/readers?thread=t1#reply-r1` });
    expect(mention('en').url).toBe(`${SITE}/g/readers?thread=t1#thread-t1`);
    const reply = pushPayload(record({ kind: 'discussion_reply', locale: 'fr', event: null, payload: { ...talk, reply_id: 'r2' } }), SITE)!;
    expect(reply).toEqual({ title: 'Nouvelle réponse dans « Picnic? »', body: 'Bring a blanket.', url: `${SITE}/g/readers?thread=t1#reply-r2` });
    const dm = pushPayload(record({ kind: 'direct_message', locale: 'de', event: null, payload: { conversation_id: 'c1', from_name: 'Grace', excerpt: 'Hallo!' } }), SITE)!;
    expect(dm).toEqual({ title: 'Neue Nachricht von Grace', body: 'Hallo!', url: `${SITE}/messages?c=c1` });
  });
});
