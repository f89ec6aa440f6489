import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let host: Member, checker: Member, ana: Member, ben: Member, cy: Member;
const client = async (m: Member) => {
  const token = await signToken(m.claims);
  return g.as(() => token);
};
const rsvpId = async (eventId: string, m: Member) =>
  (await g.db.query<{ id: string }>('select id from public.rsvps where event_id = $1 and user_id = $2', [eventId, m.id])).rows[0]!.id;
const ticket = async (m: Member, eventId: string) =>
  (await g.sqlAs(m)<{ t: Record<string, unknown> & { code: string } }>('select public.my_ticket($1) as t', [await rsvpId(eventId, m)]))[0]!.t;
const checkIn = (m: Member, code: string) =>
  g.sqlAs(m)<{ r: Record<string, unknown> }>('select public.check_in_ticket($1) as r', [code]).then((x) => x[0]!.r);

/** An event whose check-in is open: it starts in about an hour. */
async function soonEvent(fields: Record<string, unknown> = {}) {
  const e = await createEvent(g, host, { days: 0.04, ...fields });
  await g.sqlAs(host)(`select public.add_event_host($1, 'checker', 'checker')`, [e.id]);
  return e;
}

beforeAll(async () => {
  g = await startGather();
  [host, checker, ana, ben, cy] = (await Promise.all(['host', 'checker', 'ana', 'ben', 'cy'].map((u) => g.member(u)))) as [Member, Member, Member, Member, Member];
});
afterAll(() => g.stop());

describe('signatures', () => {
  it('HMAC-SHA256 built on sha256() matches RFC 4231', async () => {
    const hmac = async (keyHex: string, data: string) =>
      (await g.db.query<{ h: string }>(`select encode(private.hmac_sha256(decode($1, 'hex'), convert_to($2, 'UTF8')), 'hex') as h`, [keyHex, data])).rows[0]!.h;
    expect(await hmac('0b'.repeat(20), 'Hi There')).toBe('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
    expect(await hmac(Buffer.from('Jefe').toString('hex'), 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    // A key longer than the block is hashed first (test case 6).
    expect(await hmac('aa'.repeat(131), 'Test Using Larger Than Block-Size Key - Hash Key First')).toBe(
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });
});

describe('my_ticket', () => {
  it('gives the owner their signed ticket with the event and guest details', async () => {
    const e = await createEvent(g, host, { title: 'Ticketed', plus_ones_max: 2, venue_name: 'Hall' });
    await g.sqlAs(ana)('select public.rsvp($1, 2)', [e.id]);
    const t = await ticket(ana, e.id);
    expect(t.code).toMatch(/^[0-9a-f-]{36}\.[0-9a-f]{32}$/);
    expect(t.code.startsWith(`${await rsvpId(e.id, ana)}.`)).toBe(true);
    expect(t).toMatchObject({
      event_id: e.id, slug: e.slug, title: 'Ticketed', timezone: 'Europe/Lisbon', venue_name: 'Hall',
      display_name: 'ana', username: 'ana', guests: 2, status: 'going', checked_in_at: null,
    });
    expect(t.starts_at).toBeTruthy();
    expect(t.ends_at).toBeTruthy();
    // Stable: the same RSVP always has the same code.
    expect((await ticket(ana, e.id)).code).toBe(t.code);
  });

  it('is not found for someone else\'s RSVP, or a made-up id', async () => {
    const e = await createEvent(g, host);
    await g.sqlAs(ana)('select public.rsvp($1)', [e.id]);
    expect(await expectAppError(g.sqlAs(ben)('select public.my_ticket($1)', [await rsvpId(e.id, ana)]))).toEqual({
      code: 'ticket_not_found', message: 'This ticket does not exist or is not yours.', status: 404,
    });
    expect(await expectAppError(g.sqlAs(ana)('select public.my_ticket($1)', [ben.id]))).toMatchObject({ code: 'ticket_not_found' });
  });
});

describe('check_in_ticket', () => {
  it('refuses a forged or altered code before anything else', async () => {
    const e = await soonEvent();
    await g.sqlAs(ana)('select public.rsvp($1)', [e.id]);
    await g.sqlAs(ben)('select public.rsvp($1)', [e.id]);
    const { code } = await ticket(ana, e.id);
    const [id, sig] = code.split('.') as [string, string];
    const flipped = sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
    const forged = [`${id}.${flipped}`, `${await rsvpId(e.id, ben)}.${sig}`, id, `${id}.`, 'hello', '', `${id}.${sig}x`];
    for (const bad of forged) {
      expect(await expectAppError(checkIn(checker, bad)), bad).toEqual({ code: 'invalid_ticket', message: 'This ticket code is not valid.', status: 400 });
    }
    // Case and surrounding spaces from a scanner or a paste do not matter.
    expect(await checkIn(checker, `  ${code.toUpperCase()}\n`)).toMatchObject({ user_id: ana.id, display_name: 'ana', guests: 0 });
  });

  it('checks in once; a second scan says when the first was, in words and in details', async () => {
    const e = await soonEvent({ plus_ones_max: 1 });
    await g.sqlAs(ana)('select public.rsvp($1, 1)', [e.id]);
    const { code } = await ticket(ana, e.id);
    const first = await checkIn(checker, code);
    expect(first).toMatchObject({ rsvp_id: await rsvpId(e.id, ana), user_id: ana.id, display_name: 'ana', guests: 1 });
    const { data: stats } = await g.service().from('event_stats').select('checked_in_count').eq('event_id', e.id).single();
    expect(stats).toEqual({ checked_in_count: 1 });

    const { rows } = await g.db.query<{ hhmm: string; iso: string }>(
      `select to_char(checked_in_at at time zone 'Europe/Lisbon', 'HH24:MI') as hhmm, checked_in_at as iso from public.rsvps where id = $1`, [first.rsvp_id]);
    const again = await (await client(host)).rpc('check_in_ticket', { code });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'already_checked_in', message: `Already checked in at ${rows[0]!.hhmm} (Europe/Lisbon).` });
    expect(new Date(again.error!.details).getTime()).toBe(new Date(rows[0]!.iso).getTime());
    // The guest list's check-in by name refuses the same way.
    expect(await expectAppError(g.sqlAs(host)('select public.check_in($1, $2)', [e.id, ana.id]))).toMatchObject({
      code: 'already_checked_in', message: `Already checked in at ${rows[0]!.hhmm} (Europe/Lisbon).`,
    });
    expect((await ticket(ana, e.id)).checked_in_at).toBeTruthy();
  });

  it('checks in going RSVPs only', async () => {
    const e = await soonEvent({ capacity: 1 });
    await g.sqlAs(ana)('select public.rsvp($1)', [e.id]);
    await g.sqlAs(ben)('select public.rsvp($1)', [e.id]); // waitlisted
    await g.sqlAs(cy)('select public.rsvp($1)', [e.id]);
    const benCode = (await ticket(ben, e.id)).code;
    expect(await expectAppError(checkIn(checker, benCode))).toEqual({ code: 'not_going', message: 'This person is not on the guest list.', status: 404 });
    const anaCode = (await ticket(ana, e.id)).code;
    await g.sqlAs(ana)('select public.cancel_rsvp($1)', [e.id]); // Ben is promoted
    expect(await expectAppError(checkIn(checker, anaCode))).toMatchObject({ code: 'not_going' });
    expect(await checkIn(checker, benCode)).toMatchObject({ user_id: ben.id });
  });

  it('is open from two hours before the start until the end', async () => {
    const e = await soonEvent();
    await g.sqlAs(ana)('select public.rsvp($1)', [e.id]);
    const { code } = await ticket(ana, e.id);
    const move = (starts: string, ends: string) =>
      g.db.query(`update public.events set starts_at = now() + $2::interval, ends_at = now() + $3::interval where id = $1`, [e.id, starts, ends]);

    await move('2 hours 1 minute', '4 hours');
    const early = await (await client(checker)).rpc('check_in_ticket', { code });
    expect(early.error).toMatchObject({ code: 'check_in_closed', message: 'Check-in opens 2 hours before the start and closes at the end.' });
    const window = JSON.parse(early.error!.details) as { opens_at: string; closes_at: string };
    expect(new Date(window.opens_at).getTime()).toBeGreaterThan(Date.now());

    await move('-3 hours', '-1 minute');
    expect(await expectAppError(checkIn(checker, code))).toMatchObject({ code: 'check_in_closed', status: 409 });

    await move('1 hour 59 minutes', '4 hours');
    expect(await checkIn(checker, code)).toMatchObject({ user_id: ana.id });
  });

  it('is for the hosts and checkers of that event only', async () => {
    const mine = await soonEvent();
    const other = await soonEvent();
    await g.sqlAs(ana)('select public.rsvp($1)', [other.id]);
    const { code } = await ticket(ana, other.id);
    const outsider = await g.member('outsider');
    await g.sqlAs(host)(`select public.add_event_host($1, 'outsider', 'checker')`, [mine.id]);
    expect(await expectAppError(checkIn(outsider, code))).toEqual({ code: 'not_host', message: "Only the event's hosts can do that.", status: 403 });
    expect(await expectAppError(checkIn(ana, code))).toMatchObject({ code: 'not_host' });
    expect(await checkIn(checker, code)).toMatchObject({ user_id: ana.id });
  });
});
