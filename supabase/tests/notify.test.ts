import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { addressOf, emailStatuses, eventLinkIn, mailTo, settledMail } from './support/notification-mail.ts';

// The whole path, as it runs in production: a procedure inserts a notification, the trigger
// posts it to `notify` through pg_net after commit, `notify` emails it through the mail
// endpoint into the outbox, which the development inbox shows.

let g: GatherServer;
let host: Member;
beforeAll(async () => {
  g = await startGather();
  host = await g.member('notify_host');
});
afterAll(() => g.stop());

const rsvp = (m: Member, eventId: string) => g.sqlAs(m)('select public.rsvp($1, 0)', [eventId]);

async function insertNotification(m: Member, kind: string, payload: Record<string, unknown>): Promise<string> {
  const { rows } = await g.db.query<{ id: string }>(
    'insert into public.notifications (user_id, kind, payload) values ($1, $2, $3) returning id',
    [m.id, kind, payload],
  );
  return rows[0]!.id;
}

describe('notify: emails for notifications', () => {
  it('emails a waitlisted member once when they are promoted, with a link to the event', async () => {
    const [a, b] = [await g.member('promo_a'), await g.member('promo_b')];
    const e = await createEvent(g, host, { title: 'Promotion night', capacity: 1, waitlist_enabled: true });
    await rsvp(a, e.id);
    await rsvp(b, e.id);
    await g.sqlAs(a)('select public.cancel_rsvp($1)', [e.id]);

    const mails = await settledMail(g, b, 'rsvp_promoted');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(addressOf(b));
    expect(mails[0]!.subject).toBe("You're going to Promotion night");
    expect(eventLinkIn(mails[0]!)).toMatch(new RegExp(`/events/${e.slug}$`));
    expect(mails[0]!.html).toContain(`/events/${e.slug}"`);
    expect(await emailStatuses(g, b, 'rsvp_promoted')).toEqual(['sent']);
    expect(await mailTo(g, a, 'rsvp_promoted')).toEqual([]);
  });

  it("writes the email in the member's language (profiles.locale)", async () => {
    const [a, b] = [await g.member('promo_de_a'), await g.member('promo_de_b')];
    await g.db.query(`update public.profiles set locale = 'de' where id = $1`, [b.id]);
    const e = await createEvent(g, host, { title: 'Abendessen', capacity: 1, waitlist_enabled: true });
    await rsvp(a, e.id);
    await rsvp(b, e.id);
    await g.sqlAs(a)('select public.cancel_rsvp($1)', [e.id]);
    const mails = await settledMail(g, b, 'rsvp_promoted');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Du bist dabei: Abendessen');
    expect(mails[0]!.text).toMatch(/^Hallo promo_de_b,/);
    expect(mails[0]!.text).toContain(`Zum Event: `);
  });

  it('emails the hosts about a request, then the member about approval or decline', async () => {
    const [asker, a, b] = [await g.member('ask_host'), await g.member('ask_a'), await g.member('ask_b')];
    const e = await createEvent(g, asker, { title: 'Approval supper', requires_approval: true });
    await rsvp(a, e.id);
    await rsvp(b, e.id);
    // The first request is emailed at once; the second waits for the hour's batch (decision 0311).
    await expect.poll(async () => (await mailTo(g, asker, 'rsvp_requested')).length, { timeout: 30_000, interval: 100 }).toBe(1);
    const requests = await mailTo(g, asker, 'rsvp_requested');
    expect(requests[0]!.subject).toBe('New request to join Approval supper');
    expect(requests[0]!.text).toContain('ask_a asked to join Approval supper');
    expect(eventLinkIn(requests[0]!)).toMatch(new RegExp(`/events/${e.slug}/manage$`));
    const { rows: waiting } = await g.db.query<{ emailed_at: Date | null; email_after: Date | null }>(
      `select emailed_at, email_after from public.notifications where user_id = $1 and kind = 'rsvp_requested' order by created_at`, [asker.id]);
    expect(waiting[1]).toMatchObject({ emailed_at: null });
    expect(waiting[1]!.email_after!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);

    await g.sqlAs(asker)('select public.decide_rsvp($1, $2, true)', [e.id, a.id]);
    await g.sqlAs(asker)('select public.decide_rsvp($1, $2, false)', [e.id, b.id]);
    const approved = await settledMail(g, a, 'rsvp_approved');
    const declined = await settledMail(g, b, 'rsvp_declined');
    expect(approved).toHaveLength(1);
    expect(approved[0]!.subject).toBe('Request approved: Approval supper');
    expect(declined).toHaveLength(1);
    expect(declined[0]!.text).toContain("couldn't accept your request to join Approval supper");
    expect(eventLinkIn(declined[0]!)).toMatch(new RegExp(`/events/${e.slug}$`));
    expect(await mailTo(g, a, 'rsvp_declined')).toEqual([]);
    expect(await mailTo(g, b, 'rsvp_approved')).toEqual([]);
  });

  it('tells everyone with an RSVP that the event was cancelled, with the reason', async () => {
    const [a, b] = [await g.member('cancel_a'), await g.member('cancel_b')];
    const e = await createEvent(g, host, { title: 'Rained-out picnic', capacity: 1 });
    await rsvp(a, e.id);
    await rsvp(b, e.id); // waitlisted: told too
    await g.sqlAs(host)(`update public.events set status = 'cancelled', cancel_reason = 'Storm warning' where id = $1`, [e.id]);
    for (const m of [a, b]) {
      const mails = await settledMail(g, m, 'event_cancelled');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Cancelled: Rained-out picnic');
      expect(mails[0]!.text).toContain('> Storm warning');
      expect(eventLinkIn(mails[0]!)).toMatch(new RegExp(`/events/${e.slug}$`));
    }
    expect(await mailTo(g, host, 'event_cancelled')).toEqual([]);
  });

  it("emails a host's message as the host wrote it, escaped in HTML", async () => {
    const a = await g.member('msg_a');
    const e = await createEvent(g, host, { title: 'Quiz night' });
    // What `message_attendees` inserts (issue 10), one row per recipient.
    await insertNotification(a, 'host_message', {
      event_id: e.id, slug: e.slug, title: 'Quiz night', subject: 'Doors open at 7', body: 'Bring a pen.\nTeams of <4>.', from_name: 'Quizmaster',
    });
    const mails = await settledMail(g, a, 'host_message');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Doors open at 7 · Quiz night');
    expect(mails[0]!.text).toContain('Quizmaster sent a message to the guests of Quiz night:');
    expect(mails[0]!.text).toContain('> Bring a pen.\n> Teams of <4>.');
    expect(mails[0]!.html).toContain('Teams of &#60;4&#62;.');
    expect(eventLinkIn(mails[0]!)).toMatch(new RegExp(`/events/${e.slug}$`));
  });

  it('sends nothing a member has switched off, and records why', async () => {
    const [a, b] = [await g.member('quiet_a'), await g.member('quiet_b')];
    await g.sqlAs(b)('update public.notification_preferences set email_rsvp_updates = false where user_id = $1', [b.id]);
    // Requests to join are host news, chosen per kind since decision 0311.
    await g.sqlAs(host)(`insert into public.notification_kind_preferences (kind, channel, delivery) values ('rsvp_requested', 'email', 'off')`);
    const e = await createEvent(g, host, { title: 'Quiet evening', capacity: 1 });
    await rsvp(a, e.id);
    await rsvp(b, e.id);
    await g.sqlAs(a)('select public.cancel_rsvp($1)', [e.id]);
    await settledMail(g, b, 'rsvp_promoted');
    expect(await emailStatuses(g, b, 'rsvp_promoted')).toEqual(['opted_out']);
    expect(await mailTo(g, b)).toEqual([]);

    const asking = await createEvent(g, host, { title: 'Quiet approvals', requires_approval: true });
    const before = (await mailTo(g, host, 'rsvp_requested')).length;
    await rsvp(a, asking.id);
    await settledMail(g, host, 'rsvp_requested');
    expect((await mailTo(g, host, 'rsvp_requested')).length).toBe(before);
    expect((await emailStatuses(g, host, 'rsvp_requested')).at(-1)).toBe('opted_out');
    await g.sqlAs(host)(`delete from public.notification_kind_preferences where kind = 'rsvp_requested'`);
  });

  it('keeps kinds without an email in-app only', async () => {
    const a = await g.member('inapp_a');
    await insertNotification(a, 'comment_reply', { event_id: null });
    await settledMail(g, a, 'comment_reply');
    expect(await emailStatuses(g, a, 'comment_reply')).toEqual(['skipped']);
    expect(await mailTo(g, a)).toEqual([]);
  });

  it('sends one email however many calls race for the same notification', async () => {
    const a = await g.member('race_a');
    const e = await createEvent(g, host, { title: 'Race day' });
    const id = await insertNotification(a, 'rsvp_approved', { event_id: e.id, slug: e.slug, title: 'Race day' });
    const service = g.service();
    const answers = await Promise.all(Array.from({ length: 6 }, () => service.functions.invoke('notify', { body: { id } })));
    for (const { error } of answers) expect(error).toBeNull();
    const mails = await settledMail(g, a, 'rsvp_approved');
    expect(mails).toHaveLength(1);
    const recorded = answers.flatMap(({ data }) => (data as { results: { outcome: string; recorded?: boolean }[] }).results);
    expect(recorded.filter((r) => r.recorded === true).length).toBeLessThanOrEqual(1);
    expect(recorded.every((r) => ['sent', 'already_handled'].includes(r.outcome))).toBe(true);
    const { rows } = await g.db.query<{ email_status: string }>('select email_status from public.notifications where id = $1', [id]);
    expect(rows[0]!.email_status).toBe('sent');
  });

  it('catches up through the sweep what the trigger did not deliver', async () => {
    const a = await g.member('sweep_a');
    const e = await createEvent(g, host, { title: 'Sweep test' });
    // As if the function had been down: the row is old and nothing was posted for it.
    await g.db.exec('alter table public.notifications disable trigger notifications_email');
    try {
      await g.db.query(
        `insert into public.notifications (user_id, kind, payload, created_at) values ($1, 'rsvp_promoted', $2, now() - interval '5 minutes')`,
        [a.id, { event_id: e.id, slug: e.slug, title: 'Sweep test' }],
      );
    } finally {
      await g.db.exec('alter table public.notifications enable trigger notifications_email');
    }
    expect(await mailTo(g, a)).toEqual([]);
    const { rows } = await g.db.query<{ n: number }>('select private.email_pending_notifications() as n');
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
    const mails = await settledMail(g, a, 'rsvp_promoted');
    expect(mails).toHaveLength(1);
    const job = await g.db.query<{ schedule: string }>(`select schedule from cron.job where jobname = 'gather-email-notifications'`);
    expect(job.rows[0]?.schedule).toBe('* * * * *');
  });

  it('answers only the service role', async () => {
    const a = await g.member('caller_a');
    const body = { id: '00000000-0000-4000-8000-000000000000' };
    const anon = await g.anon().functions.invoke('notify', { body });
    expect(anon.error).toBeInstanceOf(FunctionsHttpError);
    const res = (anon.error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'forbidden', message: 'Only the service role may call notify.' });

    const token = await signedToken(a);
    const member = await g.fetch('/functions/v1/notify', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(member.status).toBe(403);
    const bare = await g.fetch('/functions/v1/notify', { method: 'POST', body: JSON.stringify(body) });
    expect(bare.status).toBe(401); // verify_jwt, before the function runs

    const bad = await g.service().functions.invoke('notify', { body: { ids: ['not-a-uuid'] } });
    expect(((bad.error as FunctionsHttpError).context as Response).status).toBe(400);
    const missing = await g.service().functions.invoke('notify', { body });
    expect(missing.data).toEqual({ results: [{ id: body.id, outcome: 'not_found' }] });
    // And the RPCs it uses are the service role's alone.
    await expect(g.sqlAs(a)('select public.notification_email($1)', [body.id])).rejects.toThrow(/permission denied/);
    await expect(g.sqlAs('anon')('select public.mark_notification_emailed($1, $2)', [body.id, 'sent'])).rejects.toThrow(/permission denied/);
  });
});

/** A member's access token, signed with the project secret as Auth would. */
async function signedToken(m: Member): Promise<string> {
  const { SignJWT } = await import('jose');
  return new SignJWT({ ...m.claims }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(g.keys.jwtSecret);
}
