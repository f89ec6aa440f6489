import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';
import { projectWithEnv } from './support/payments.ts';
import { startPushServiceDouble, vapidKeys, type PushServiceDouble, type TestSubscription } from './support/push-service-double.ts';

// Replies, mentions and private messages by push (issue 33, decision 0405), through the real
// server to the push service double, which checks the VAPID signature and decrypts the payload:
// the words in the member's language, the url of the very post, one choice per kind shared by the
// bell, email and push.

const VAPID = vapidKeys();
let g: GatherServer;
let double: PushServiceDouble;
let project: { dir: string; remove(): void };
let organizer: Member;
let group: { id: string; slug: string };
beforeAll(async () => {
  double = await startPushServiceDouble(VAPID.publicKey);
  project = projectWithEnv({
    VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: 'mailto:ops@gather.test',
    PUSH_SERVICE_ORIGINS: double.url,
  });
  g = await startGather({ project: project.dir });
  organizer = await g.member('talk_organizer');
  group = await createGroup(g, organizer, { name: 'Chess club' });
});
afterAll(async () => {
  await g?.stop();
  await double?.close();
  project?.remove();
});

type Payload = { title: string; body: string; url: string };

async function memberWithPhone(username: string, locale?: string): Promise<{ m: Member; phone: TestSubscription }> {
  const m = await g.member(username);
  if (locale) await g.db.query('update public.profiles set locale = $2 where id = $1', [m.id, locale]);
  await join(g, m, group.id);
  const phone = double.subscribe();
  await g.sqlAs(m)('select public.save_push_subscription($1, $2, $3, $4)', [phone.endpoint, phone.keys.p256dh, phone.keys.auth, 'Phone']);
  return { m, phone };
}

/** Waits until every notification of `kind` for `m` is handled by push and email; answers them. */
async function settled(m: Member, kind: string) {
  await expect.poll(async () => (await g.db.query<{ n: number }>(
    `select count(*)::int as n from public.notifications where user_id = $1 and kind = $2
       and (pushed_at is null or push_status = 'sending' or emailed_at is null)`, [m.id, kind])).rows[0]!.n,
  { timeout: 30_000, interval: 100 }).toBe(0);
  return (await g.db.query<{ push_status: string; email_status: string; in_app: boolean }>(
    'select push_status, email_status, in_app from public.notifications where user_id = $1 and kind = $2 order by created_at', [m.id, kind])).rows;
}

const pushesTo = (sub: TestSubscription) => double.received.filter((r) => r.endpoint === sub.endpoint).map((r) => r.payload as Payload);

async function startThread(by: Member, title: string, body: string): Promise<string> {
  const [row] = await g.sqlAs(by)<{ id: string }>('insert into public.discussion_threads (group_id, title, body) values ($1, $2, $3) returning id', [group.id, title, body]);
  return row!.id;
}
async function reply(by: Member, threadId: string, body: string): Promise<string> {
  const [row] = await g.sqlAs(by)<{ id: string }>('insert into public.discussion_replies (thread_id, body) values ($1, $2) returning id', [threadId, body]);
  return row!.id;
}

describe('push for conversations', () => {
  it('pushes a mention in the member\'s language, opening the reply in its thread', async () => {
    const { m: ines, phone } = await memberWithPhone('ines_fr', 'fr');
    const { m: author } = await memberWithPhone('mention_author');
    const thread = await startThread(author, 'Tournoi de printemps', 'On commence samedi ?');
    const replyId = await reply(author, thread, 'Et toi @ines_fr, tu viens ?');

    expect(await settled(ines, 'mention')).toEqual([{ push_status: 'sent', email_status: 'sent', in_app: true }]);
    expect(double.refused).toEqual([]);
    const [push] = pushesTo(phone);
    expect(Object.keys(push!).sort()).toEqual(['body', 'title', 'url']);
    expect(push!.title).toBe('mention_author vous a mentionné·e dans « Tournoi de printemps »');
    expect(push!.body).toBe('Et toi @ines_fr, tu viens ?');
    expect(push!.url).toMatch(new RegExp(`/g/${group.slug}\\?thread=${thread}#reply-${replyId}$`));
  });

  it('pushes a reply to the thread\'s author and earlier repliers, once, never to the replier', async () => {
    const { m: starter, phone: starterPhone } = await memberWithPhone('reply_starter');
    const { m: earlier, phone: earlierPhone } = await memberWithPhone('reply_earlier', 'de');
    const { m: replier, phone: replierPhone } = await memberWithPhone('reply_writer');
    const thread = await startThread(starter, 'Openings', 'Which one do you play?');
    await reply(earlier, thread, 'The Sicilian.');
    const last = await reply(replier, thread, 'Queen\'s gambit, always.');

    // The starter heard of both replies; the earlier replier of the later one; the replier of nothing.
    expect(await settled(starter, 'discussion_reply')).toHaveLength(2);
    expect((await settled(earlier, 'discussion_reply')).map((r) => r.push_status)).toEqual(['sent']);
    expect(pushesTo(starterPhone).map((p) => p.title)).toEqual(['New reply in “Openings”', 'New reply in “Openings”']);
    expect(pushesTo(earlierPhone)).toEqual([{
      title: 'Neue Antwort in „Openings“', body: 'Queen\'s gambit, always.', url: expect.stringMatching(new RegExp(`#reply-${last}$`)),
    }]);
    expect(pushesTo(replierPhone)).toEqual([]);
    // Replies are not emailed unless the member asks (a busy thread would fill an inbox).
    expect((await settled(earlier, 'discussion_reply')).map((r) => r.email_status)).toEqual(['opted_out']);
  });

  it('a member mentioned in a reply hears the mention, not also the reply', async () => {
    const { m: starter } = await memberWithPhone('both_starter');
    const { m: other } = await memberWithPhone('both_other');
    const thread = await startThread(starter, 'Club night', 'Thursday?');
    await reply(other, thread, '@both_starter yes, Thursday works.');
    expect((await settled(starter, 'mention')).length).toBe(1);
    expect(await settled(starter, 'discussion_reply')).toEqual([]);
  });

  it('pushes a private message once until it is read, and opens the conversation', async () => {
    const { m: ana } = await memberWithPhone('dm_ana');
    const { m: bo, phone } = await memberWithPhone('dm_bo', 'es');
    const send = (body: string) => g.sqlAs(ana)<{ id: string }>('select public.send_direct_message($1, $2) as id', [bo.id, body]);
    const [{ id: conversation }] = (await send('¿Juegas el sábado?')) as [{ id: string }];
    await send('Traigo el tablero.');
    expect((await settled(bo, 'direct_message')).map((r) => r.push_status)).toEqual(['sent']);
    expect(pushesTo(phone)).toEqual([{
      title: 'Nuevo mensaje de dm_ana', body: '¿Juegas el sábado?', url: expect.stringMatching(new RegExp(`/messages\\?c=${conversation}$`)),
    }]);
    // Reading the conversation reads its bell notification; the next message is news again.
    await g.sqlAs(bo)('select public.mark_conversation_read($1)', [conversation]);
    expect((await g.db.query(`select read_at from public.notifications where user_id = $1 and kind = 'direct_message'`, [bo.id])).rows[0]!.read_at).not.toBeNull();
    await send('¿Sí o no?');
    expect((await settled(bo, 'direct_message')).map((r) => r.push_status)).toEqual(['sent', 'sent']);
    expect(pushesTo(phone).map((p) => p.body)).toEqual(['¿Juegas el sábado?', '¿Sí o no?']);
  });

  it('follows the member\'s choice per kind and channel: push off still rings the bell; all off makes nothing', async () => {
    const { m: quiet, phone } = await memberWithPhone('dm_quiet');
    const { m: writer } = await memberWithPhone('dm_writer');
    await g.sqlAs(quiet)(`insert into public.notification_kind_preferences (kind, channel, delivery) values ('direct_message', 'push', 'off')`);
    await g.sqlAs(writer)('select public.send_direct_message($1, $2)', [quiet.id, 'Hello there']);
    expect(await settled(quiet, 'direct_message')).toEqual([{ push_status: 'opted_out', email_status: 'sent', in_app: true }]);
    expect(pushesTo(phone)).toEqual([]);

    await g.sqlAs(quiet)(`insert into public.notification_kind_preferences (kind, channel, delivery) values ('mention', 'push', 'off'), ('mention', 'email', 'off'), ('mention', 'in_app', 'off')`);
    const thread = await startThread(writer, 'Quiet please', '@dm_quiet are you there?');
    expect(thread).toBeTruthy();
    expect(await settled(quiet, 'mention')).toEqual([]);
    // No digest for conversations: they are news now or not at all.
    await expect(g.sqlAs(quiet)(`insert into public.notification_kind_preferences (kind, channel, delivery) values ('direct_message', 'email', 'daily')`))
      .rejects.toThrow(/notification_kind_preferences_digest_for_host_news/);
  });
});
