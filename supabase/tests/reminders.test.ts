import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { eventLinkIn, settledMail } from './support/notification-mail.ts';

let g: GatherServer;
let host: Member;
beforeAll(async () => {
  g = await startGather();
  host = await g.member('remind_host');
});
afterAll(() => g.stop());

const HOUR = 1 / 24;
const rsvp = (m: Member, eventId: string) => g.sqlAs(m)('select public.rsvp($1, 0)', [eventId]);

async function sendReminders(): Promise<{ reminder_24h: number; reminder_1h: number }> {
  const { data, error } = await g.service().functions.invoke('send-reminders', { body: {} });
  expect(error).toBeNull();
  return (data as { created: { reminder_24h: number; reminder_1h: number } }).created;
}

/** Reminders made for an event, per member, from the notifications themselves. */
async function remindersFor(eventId: string): Promise<{ user_id: string; kind: string }[]> {
  const { rows } = await g.db.query<{ user_id: string; kind: string }>(
    `select user_id, kind from public.notifications
     where kind like 'reminder_%' and payload ->> 'event_id' = $1 order by kind, user_id`,
    [eventId],
  );
  return rows;
}

describe('send-reminders', () => {
  it('reminds everyone going, once per window, however often it runs', async () => {
    const [a, b, c] = [await g.member('rem_a'), await g.member('rem_b'), await g.member('rem_c')];
    const tomorrow = await createEvent(g, host, { title: 'Tomorrow talk', days: 23.5 * HOUR, capacity: 2, waitlist_enabled: true });
    const soon = await createEvent(g, host, { title: 'Soon session', days: 40 / 1440 });
    const later = await createEvent(g, host, { title: 'Next week', days: 7 });
    const called = await createEvent(g, host, { title: 'Called off', days: 23.5 * HOUR });
    for (const m of [a, b, c]) await rsvp(m, tomorrow.id); // c is waitlisted
    await rsvp(a, soon.id);
    await rsvp(a, later.id);
    await rsvp(b, called.id);
    await g.sqlAs(host)(`update public.events set status = 'cancelled' where id = $1`, [called.id]);

    await sendReminders();
    const again = await sendReminders();
    expect(again).toEqual({ reminder_24h: 0, reminder_1h: 0 });
    await Promise.all([sendReminders(), sendReminders(), sendReminders()]);

    expect(await remindersFor(tomorrow.id)).toEqual(
      [a, b].map((m) => ({ user_id: m.id, kind: 'reminder_24h' })).sort((x, y) => x.user_id.localeCompare(y.user_id)),
    );
    expect(await remindersFor(soon.id)).toEqual([{ user_id: a.id, kind: 'reminder_1h' }]);
    expect(await remindersFor(later.id)).toEqual([]);
    expect(await remindersFor(called.id)).toEqual([]);

    const day = await settledMail(g, a, 'reminder_24h');
    expect(day).toHaveLength(1);
    expect(day[0]!.subject).toBe('Tomorrow: Tomorrow talk');
    expect(day[0]!.text).toContain('When: ');
    expect(eventLinkIn(day[0]!)).toMatch(new RegExp(`/events/${tomorrow.slug}$`));
    const hour = await settledMail(g, a, 'reminder_1h');
    expect(hour).toHaveLength(1);
    expect(hour[0]!.subject).toBe('Starting soon: Soon session');
    expect(await settledMail(g, c, 'reminder_24h')).toEqual([]);
  });

  it('reminds again for a new date when the event moves, and the old reminder is not emailed', async () => {
    const a = await g.member('moved_a');
    const e = await createEvent(g, host, { title: 'Moving target', days: 23.2 * HOUR });
    await rsvp(a, e.id);
    await sendReminders();
    expect(await remindersFor(e.id)).toHaveLength(1);
    await settledMail(g, a, 'reminder_24h');
    // Moved 30 minutes later: still tomorrow, a new start time.
    await g.sqlAs(host)(`update public.events set starts_at = starts_at + interval '30 minutes', ends_at = ends_at + interval '30 minutes' where id = $1`, [e.id]);
    await sendReminders();
    expect(await remindersFor(e.id)).toHaveLength(2);
    const mails = await settledMail(g, a, 'reminder_24h');
    expect(mails).toHaveLength(2);

    // A reminder for a time the event no longer has is recorded, not sent.
    await g.db.query(
      `insert into public.notifications (user_id, kind, payload) values ($1, 'reminder_24h', $2)`,
      [a.id, { event_id: e.id, slug: e.slug, title: 'Moving target', starts_at: '2000-01-01T00:00:00Z' }],
    );
    expect(await settledMail(g, a, 'reminder_24h')).toHaveLength(2);
    const { rows } = await g.db.query<{ email_status: string }>(
      `select email_status from public.notifications where user_id = $1 and payload ->> 'starts_at' = '2000-01-01T00:00:00Z'`,
      [a.id],
    );
    expect(rows).toEqual([{ email_status: 'skipped' }]);
  });

  it('is scheduled every 5 minutes, and answers only the service role', async () => {
    const { rows } = await g.db.query<{ schedule: string; command: string }>(`select schedule, command from cron.job where jobname = 'gather-send-reminders'`);
    expect(rows[0]).toMatchObject({ schedule: '*/5 * * * *' });
    expect(rows[0]!.command).toContain("private.call_function('send-reminders')");
    // The job posts to this server's own functions with the key Vault holds.
    const url = await g.db.query<{ v: string }>(`select decrypted_secret as v from vault.decrypted_secrets where name = 'project_url'`);
    expect(url.rows[0]!.v).toBe(g.url);

    const anon = await g.anon().functions.invoke('send-reminders', { body: {} });
    expect(((anon.error as FunctionsHttpError).context as Response).status).toBe(403);
    await expect(g.sqlAs('anon')('select public.create_due_reminders()')).rejects.toThrow(/permission denied/);
  });
});
