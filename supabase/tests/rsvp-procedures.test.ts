import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let host: Member, ana: Member, ben: Member, cy: Member, checker: Member;
beforeAll(async () => {
  g = await startGather();
  [host, ana, ben, cy, checker] = (await Promise.all(['host', 'ana', 'ben', 'cy', 'checker'].map((u) => g.member(u)))) as [Member, Member, Member, Member, Member];
});
afterAll(() => g.stop());

const rsvp = (m: Member, eventId: string, guests = 0) => g.sqlAs(m)<{ r: Record<string, unknown> }>('select public.rsvp($1, $2) as r', [eventId, guests]).then((x) => x[0]!.r);
const cancel = (m: Member, eventId: string) => g.sqlAs(m)<{ r: Record<string, unknown> }>('select public.cancel_rsvp($1) as r', [eventId]).then((x) => x[0]!.r);
const stats = (eventId: string) => g.db.query('select going_count, waitlist_count, pending_count, spots_left from public.event_stats where event_id = $1', [eventId]).then((r) => r.rows[0]);

describe('rsvp, waitlist and approval', () => {
  it('goes while there are spots, counting guests, then waitlists in arrival order', async () => {
    const e = await createEvent(g, host, { capacity: 3, plus_ones_max: 1 });
    expect(await rsvp(ana, e.id, 1)).toMatchObject({ status: 'going', guests: 1, spots_left: 1 });
    expect(await rsvp(ben, e.id, 1)).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
    expect(await rsvp(cy, e.id)).toMatchObject({ status: 'going', spots_left: 0 });
    const mine = await g.sqlAs(ben)<{ r: Record<string, unknown> }>('select public.my_rsvp($1) as r', [e.id]);
    expect(mine[0]!.r).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
    expect(await stats(e.id)).toEqual({ going_count: 2, waitlist_count: 1, pending_count: 0, spots_left: 0 });
    // Ana leaves: two spots free, Ben (with his guest) is promoted and told once.
    expect(await cancel(ana, e.id)).toMatchObject({ status: 'cancelled' });
    expect((await g.sqlAs(ben)('select status from public.rsvps where event_id = $1 and user_id = $2', [e.id, ben.id]))[0]).toEqual({ status: 'going' });
    const told = await g.sqlAs(ben)<{ kind: string }>('select kind from public.notifications where payload ->> $1 = $2', ['event_id', e.id]);
    expect(told).toEqual([{ kind: 'rsvp_promoted' }]);
  });

  it('raises the catalogue errors with their texts', async () => {
    const full = await createEvent(g, host, { capacity: 1, waitlist_enabled: false });
    await rsvp(ana, full.id);
    expect(await expectAppError(rsvp(ben, full.id))).toEqual({ code: 'event_full', message: 'This event is full.', status: 409 });
    expect(await expectAppError(rsvp(ben, full.id, 3))).toEqual({ code: 'too_many_guests', message: 'You can bring at most 0 guests.', status: 422 });
    const closed = await createEvent(g, host, { rsvp_closes_at: new Date(Date.now() - 1000).toISOString() });
    expect(await expectAppError(rsvp(ana, closed.id))).toMatchObject({ code: 'rsvp_closed', message: 'RSVPs for this event are closed.' });
    const draft = await createEvent(g, host, { status: 'draft' });
    await g.db.query(`insert into public.event_invites (event_id, user_id) values ($1, $2)`, [draft.id, ana.id]);
    expect(await expectAppError(rsvp(host, draft.id))).toMatchObject({ code: 'event_not_published', message: "This event isn't published yet." });
    const cancelled = await createEvent(g, host);
    await g.sqlAs(host)('update public.events set status = $1 where id = $2', ['cancelled', cancelled.id]);
    expect(await expectAppError(rsvp(ana, cancelled.id))).toMatchObject({ code: 'event_cancelled', message: 'This event was cancelled.' });
    expect(await expectAppError(g.sqlAs(ana)('select public.decide_rsvp($1, $2, true)', [full.id, ben.id]))).toMatchObject({
      code: 'not_host', message: "Only the event's hosts can do that.", status: 403,
    });
    // Not a host: the update matches no row the member may change.
    expect(await g.sqlAs(ana)(`update public.events set title = 'mine now' where id = $1 returning id`, [full.id])).toEqual([]);
    expect(await expectAppError(g.sqlAs(host)(`update public.events set ends_at = starts_at + interval '15 days' where id = $1`, [full.id]))).toEqual({
      code: 'invalid_dates', message: 'The event must end after it starts, and last at most 14 days.', status: 400,
    });
  });

  it('rate-limits comments to 10 a minute', async () => {
    const e = await createEvent(g, host);
    for (let i = 0; i < 10; i++) await g.sqlAs(cy)('insert into public.comments (event_id, author_id, body) values ($1, $2, $3)', [e.id, cy.id, `c${i}`]);
    expect(await expectAppError(g.sqlAs(cy)('insert into public.comments (event_id, author_id, body) values ($1, $2, $3)', [e.id, cy.id, 'one more']))).toEqual({
      code: 'rate_limited', message: "You're doing that too often. Try again in a minute.", status: 429,
    });
  });

  it('asks the hosts when approval is required, and tells the guest their decision', async () => {
    const e = await createEvent(g, host, { requires_approval: true, capacity: 10 });
    expect(await rsvp(ana, e.id)).toMatchObject({ status: 'pending' });
    expect(await rsvp(ben, e.id)).toMatchObject({ status: 'pending' });
    expect((await g.sqlAs(host)<{ kind: string }>(`select kind from public.notifications where payload ->> 'event_id' = $1`, [e.id])).map((n) => n.kind)).toEqual([
      'rsvp_requested', 'rsvp_requested',
    ]);
    expect((await g.sqlAs(host)<{ r: { status: string } }>('select public.decide_rsvp($1, $2, true) as r', [e.id, ana.id]))[0]!.r.status).toBe('going');
    expect((await g.sqlAs(host)<{ r: { status: string } }>('select public.decide_rsvp($1, $2, false) as r', [e.id, ben.id]))[0]!.r.status).toBe('declined');
    expect(await expectAppError(rsvp(ben, e.id))).toMatchObject({ code: 'rsvp_declined' });
    expect(await stats(e.id)).toMatchObject({ going_count: 1, pending_count: 0 });
  });

  it('promotes the waitlist when the capacity is raised, and never removes anyone when it is lowered', async () => {
    const e = await createEvent(g, host, { capacity: 1 });
    await rsvp(ana, e.id);
    await rsvp(ben, e.id);
    await rsvp(cy, e.id);
    await g.sqlAs(host)('update public.events set capacity = 2 where id = $1', [e.id]);
    expect(await stats(e.id)).toMatchObject({ going_count: 2, waitlist_count: 1 });
    await g.sqlAs(host)('update public.events set capacity = 1 where id = $1', [e.id]);
    expect(await stats(e.id)).toMatchObject({ going_count: 2, waitlist_count: 1, spots_left: 0 });
  });

  it('checks in once, in the window, by hosts and checkers only', async () => {
    const soon = await createEvent(g, host, { days: 0.05 }); // starts in about an hour
    await g.sqlAs(host)(`select public.add_event_host($1, $2, 'checker')`, [soon.id, checker.username]);
    await rsvp(ana, soon.id);
    expect(await expectAppError(g.sqlAs(ben)('select public.check_in($1, $2)', [soon.id, ana.id]))).toMatchObject({ code: 'not_host' });
    const [row] = await g.sqlAs(checker)<{ r: { checked_in_at: string } }>('select public.check_in($1, $2) as r', [soon.id, ana.id]);
    const r = row!.r;
    expect(r.checked_in_at).toBeTruthy();
    const again = await expectAppError(g.sqlAs(host)('select public.check_in($1, $2)', [soon.id, ana.id]));
    expect(again).toMatchObject({ code: 'already_checked_in', status: 409, message: expect.stringMatching(/^Already checked in at \d\d:\d\d \(Europe\/Lisbon\)\.$/) });
    expect(await expectAppError(g.sqlAs(host)('select public.check_in($1, $2)', [soon.id, ben.id]))).toMatchObject({ code: 'not_going' });
    const later = await createEvent(g, host, { days: 3 });
    await rsvp(ana, later.id);
    expect(await expectAppError(g.sqlAs(host)('select public.check_in($1, $2)', [later.id, ana.id]))).toMatchObject({
      code: 'check_in_closed', message: 'Check-in opens 2 hours before the start and closes at the end.',
    });
  });
});

describe('concurrency', () => {
  it('fills 50 spots from 500 simultaneous RSVPs, waitlists 450 in order, then promotes exactly 20 in order', async () => {
    const e = await createEvent(g, host, { capacity: 50 });
    const members = await Promise.all(Array.from({ length: 500 }, (_, i) => g.member(`crowd${i}`)));
    const results = await Promise.all(members.map((m) => rsvp(m, e.id)));
    const going = results.filter((r) => r.status === 'going');
    const waiting = results.filter((r) => r.status === 'waitlisted');
    expect(going).toHaveLength(50);
    expect(waiting).toHaveLength(450);
    // Each waitlisted caller was told a distinct place in line, 1 to 450.
    expect(waiting.map((r) => r.waitlist_position as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 450 }, (_, i) => i + 1));
    const line = await g.db.query<{ user_id: string }>(
      `select user_id from public.rsvps where event_id = $1 and status = 'waitlisted' order by waitlist_position limit 20`, [e.id]);
    const goingIds = results.map((r, i) => ({ r, m: members[i]! })).filter((x) => x.r.status === 'going').slice(0, 20).map((x) => x.m);
    await Promise.all(goingIds.map((m) => cancel(m, e.id)));
    const promoted = await g.db.query<{ user_id: string }>(
      `select user_id from public.rsvps where event_id = $1 and status = 'going' and user_id = any($2::uuid[])`, [e.id, line.rows.map((r) => r.user_id)]);
    expect(promoted.rows).toHaveLength(20);
    expect(await stats(e.id)).toEqual({ going_count: 50, waitlist_count: 430, pending_count: 0, spots_left: 0 });
    const told = await g.db.query<{ n: number }>(
      `select count(*)::int as n, count(distinct user_id)::int as d from public.notifications where kind = 'rsvp_promoted' and payload ->> 'event_id' = $1`, [e.id]);
    expect(told.rows[0]).toEqual({ n: 20, d: 20 });
  });
});
