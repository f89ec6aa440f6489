// The weekly email of picks (issue 33, decisions 0380–0382), through the real server: the job
// queues one email per member who asked for it and has picks (evaluated as that member, so row-
// level security decides), send-weekly-picks sends it in their language with a one-click
// unsubscribe link (and RFC 8058 headers), the link turns it off, and a forged token changes nothing.
import type { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob, type CronJob } from '../../server/src/cron/cron-job-runner.ts';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';
import { addressOf, mailTo, type InboxMail } from './support/notification-mail.ts';

let g: GatherServer;
let organizer: Member, reader: Member, empty: Member, unasked: Member;
let groupNight = '', closedNight = '';

const queue = async () => (await g.db.query<{ n: number }>('select private.queue_weekly_picks() as n')).rows[0]!.n;
async function send(): Promise<{ sent: number; opted_out: number; no_address: number; failed: number }> {
  const { data, error } = await g.service().functions.invoke('send-weekly-picks', { body: {} });
  expect(error).toBeNull();
  return data;
}
const wants = async (m: Member) =>
  (await g.db.query<{ on: boolean }>('select weekly_picks as on from public.notification_preferences where user_id = $1', [m.id])).rows[0]!.on;
const unsubscribeLink = (mail: InboxMail) => {
  const link = /https?:\/\/\S+\/functions\/v1\/weekly-picks-unsubscribe\?token=[0-9a-f]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no unsubscribe link in: ${mail.text}`);
  return new URL(link);
};

beforeAll(async () => {
  g = await startGather();
  [organizer, reader, empty, unasked] = (await Promise.all(['wp_organizer', 'wp_reader', 'wp_empty', 'wp_unasked'].map((u) => g.member(u)))) as [Member, Member, Member, Member];
  const club = await createGroup(g, organizer, { name: 'Jeux du mardi' });
  const closed = await createGroup(g, organizer, { name: 'Cercle fermé' });
  for (const m of [reader, unasked]) await join(g, m, club.id);
  groupNight = (await createEvent(g, organizer, { title: 'Soirée jeux', group_id: club.id })).id;
  // Members-only, in a group the reader is not in: their follow of its host is a signal, but they may not see it.
  closedNight = (await createEvent(g, organizer, { title: 'Soirée privée', group_id: closed.id, visibility: 'members' })).id;
  await g.db.query(`insert into public.follows (user_id, kind, value, host_id) values ($1, 'host', $2::text, $2::uuid)`, [reader.id, organizer.id]);
  // Nothing is "new this week", so a member without groups or follows has no picks.
  await g.db.query(`update public.events set published_at = now() - interval '30 days'`);
  await g.db.query(`update public.profiles set locale = 'fr' where id = $1`, [reader.id]);
  // Members turn it on themselves (opt-in, decision 0380).
  for (const m of [reader, empty]) await g.sqlAs(m)('update public.notification_preferences set weekly_picks = true where user_id = $1', [m.id]);
});
afterAll(() => g.stop());

describe(`weekly picks email (${driverName})`, () => {
  it('is off until a member turns it on', async () => {
    expect(await wants(unasked)).toBe(false);
    expect(await wants(reader)).toBe(true);
  });

  it('emails each member who asked and has picks, once a week, in their language, with the reasons', async () => {
    expect(await queue()).toBe(1); // the reader: the empty member has no picks, the other did not ask
    expect(await queue()).toBe(0);
    expect(await send()).toEqual({ sent: 1, opted_out: 0, no_address: 0, failed: 0 });
    expect(await send()).toEqual({ sent: 0, opted_out: 0, no_address: 0, failed: 0 });

    const mails = await mailTo(g, reader, 'weekly_picks');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Un événement choisi pour vous cette semaine');
    expect(mail.text).toContain('Bonjour');
    expect(mail.text).toContain('Soirée jeux');
    expect(mail.text).toContain('Pourquoi : De Jeux du mardi, un groupe dont vous êtes membre');
    expect(mail.text).toMatch(/\/events\/[a-z0-9-]+/);
    expect(mail.text).not.toContain('Soirée privée'); // row-level security, as the reader
    const link = unsubscribeLink(mail);
    expect((mail as InboxMail & { headers?: Record<string, string> }).headers).toEqual({
      'List-Unsubscribe': `<${link.href}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await mailTo(g, empty, 'weekly_picks')).toEqual([]);
    expect(await mailTo(g, unasked, 'weekly_picks')).toEqual([]);
    expect(groupNight && closedNight).toBeTruthy();
  });

  it('refuses a forged token and changes nothing', async () => {
    const forged = await g.fetch(`/functions/v1/weekly-picks-unsubscribe?token=${'ab'.repeat(32)}`, { headers: { 'accept-language': 'fr' } });
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain('Ce lien n’est pas valide');
    const junk = await g.fetch('/functions/v1/weekly-picks-unsubscribe?token=%27%3B--');
    expect(junk.status).toBe(404);
    expect(await wants(reader)).toBe(true);
    expect(await wants(empty)).toBe(true);
  });

  it('turns it off in one click (RFC 8058 POST too), and the next week sends nothing', async () => {
    const [mail] = await mailTo(g, reader, 'weekly_picks');
    const link = unsubscribeLink(mail!);
    const res = await g.fetch(`${link.pathname}${link.search}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('Vous êtes désabonné·e');
    expect(await wants(reader)).toBe(false);
    const oneClick = await g.fetch(`${link.pathname}${link.search}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);

    // As if a week had passed: the queue row belongs to last week.
    await g.db.query(`update private.weekly_picks_queue set week = week - 7 where user_id = $1`, [reader.id]);
    expect(await queue()).toBe(0);
    expect(await send()).toEqual({ sent: 0, opted_out: 0, no_address: 0, failed: 0 });
    expect(await mailTo(g, reader, 'weekly_picks')).toHaveLength(1);
  });

  it('a member who turns it off after the job queued gets nothing', async () => {
    await g.sqlAs(reader)('update public.notification_preferences set weekly_picks = true where user_id = $1', [reader.id]);
    await g.db.query(`update private.weekly_picks_queue set week = week - 7 where user_id = $1`, [reader.id]);
    expect(await queue()).toBe(1);
    await g.sqlAs(reader)('update public.notification_preferences set weekly_picks = false where user_id = $1', [reader.id]);
    expect(await send()).toEqual({ sent: 0, opted_out: 1, no_address: 0, failed: 0 });
    expect(await mailTo(g, reader, 'weekly_picks')).toHaveLength(1);
  });

  it('is scheduled on Mondays at 08:00 UTC, and sends only for the service role', async () => {
    const { rows } = await g.db.query<{ schedule: string; command: string }>(`select schedule, command from cron.job where jobname = 'gather-weekly-picks'`);
    expect(rows[0]).toMatchObject({ schedule: '0 8 * * 1' });
    expect(rows[0]!.command).toContain("private.call_function('send-weekly-picks')");
    const anon = await g.anon().functions.invoke('send-weekly-picks', { body: {} });
    expect(((anon.error as FunctionsHttpError).context as Response).status).toBe(403);
    await expect(g.sqlAs('anon')('select public.weekly_picks_outbox(10)')).rejects.toThrow(/permission denied/);
    await expect(g.sqlAs(reader)('select public.unsubscribe_weekly_picks($1)', ['x'])).rejects.toThrow(/permission denied/);
  });

  it('runs as pg_cron runs it: the job queues next week\'s email and hands it to send-weekly-picks', async () => {
    await g.sqlAs(reader)('update public.notification_preferences set weekly_picks = true where user_id = $1', [reader.id]);
    await g.db.query(`update private.weekly_picks_queue set week = week - 7 where user_id = $1`, [reader.id]);
    // The faked weeks reuse this week's idempotency key: start from an empty outbox for the reader.
    await g.fetch(`/_inbox/messages?to=${encodeURIComponent(addressOf(reader))}`, { method: 'DELETE' });
    const job = (await g.db.query<CronJob>(`select jobid::text, schedule, command, username, jobname from cron.job where jobname = 'gather-weekly-picks'`)).rows[0]!;
    await runJob(g.db, job);
    const run = await g.db.query<{ status: string; return_message: string }>(
      'select status, return_message from cron.job_run_details where jobid = $1 order by runid desc limit 1', [job.jobid]);
    expect(run.rows[0]).toMatchObject({ status: 'succeeded' });
    // The job's own call (pg_net, after commit) sends it.
    await expect.poll(async () => (await mailTo(g, reader, 'weekly_picks')).length, { timeout: 30_000, interval: 200 }).toBe(1);
    expect((await g.db.query('select status from private.weekly_picks_queue where user_id = $1 and sent_at is not null order by week desc limit 1', [reader.id])).rows)
      .toEqual([{ status: 'sent' }]);
  });
});

describe(`weekly picks in the seeded demo (${driverName})`, () => {
  it('Grace opted in, and the job emails her picks', async () => {
    const demo = await startGather({ seed: true });
    try {
      expect((await demo.db.query<{ username: string }>(
        `select p.username from public.notification_preferences np join public.profiles p on p.id = np.user_id where np.weekly_picks`)).rows)
        .toEqual([{ username: 'grace' }]);
      expect((await demo.db.query<{ n: number }>('select private.queue_weekly_picks() as n')).rows[0]!.n).toBe(1);
      const { data, error } = await demo.service().functions.invoke('send-weekly-picks', { body: {} });
      expect(error).toBeNull();
      expect(data).toMatchObject({ sent: 1 });
      const res = await demo.fetch('/_inbox/messages?to=grace%40example.com');
      const { messages } = (await res.json()) as { messages: InboxMail[] };
      const mail = messages.find((m) => m.kind === 'weekly_picks');
      expect(mail?.subject).toMatch(/picked for you this week$/);
      expect(mail?.text).toMatch(/Why: /);
    } finally {
      await demo.stop();
    }
  });
});
