import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCast, run as runAs, type Cast, type Who } from './support/cast.ts';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';

// Every procedure of issue 10 called by each role: anon, member, attendee, checker, co-host,
// host, admin and a suspended member. 'ok' means it ran; otherwise the error code expected.

let g: GatherServer;
let c: Cast;
type Label = 'anon' | 'member' | 'attendee' | 'checker' | 'cohost' | 'host' | 'admin' | 'suspended';
const LABELS: Label[] = ['anon', 'member', 'attendee', 'checker', 'cohost', 'host', 'admin', 'suspended'];
const as = (label: Label): Who => (label === 'anon' ? 'anon' : c[label]);

/** Calls `sql` as each role in order, with params from `paramsFor`, and compares the outcomes. */
async function byRole(sql: string, paramsFor: (label: Label) => unknown[], expected: Record<Label, string>) {
  const got: Record<string, string> = {};
  for (const label of LABELS) {
    const r = await runAs(g, as(label), sql, paramsFor(label));
    got[label] = typeof r === 'string' ? r : 'ok';
  }
  expect(got).toEqual(expected);
}

beforeAll(async () => {
  g = await startGather();
  c = await makeCast(g);
});
afterAll(() => g.stop());

describe('procedures by role', () => {
  it('message_attendees: hosts, co-hosts and admins', async () => {
    await byRole(`select public.message_attendees($1, 'going', 'Hello', 'See you there.') as n`, () => [c.pub], {
      anon: '42501', member: 'not_host', attendee: 'not_host', checker: 'not_host', cohost: 'ok', host: 'ok', admin: 'ok', suspended: 'suspended',
    });
  });

  it('add_event_host: the event\'s host and admins', async () => {
    const who: Record<Label, string> = { anon: 'member', member: 'member', attendee: 'member', checker: 'member', cohost: 'member', host: 'member', admin: 'attendee', suspended: 'member' };
    await byRole(`select public.add_event_host($1, $2, 'checker')`, (l) => [c.pub, who[l]], {
      anon: '42501', member: 'not_host', attendee: 'not_host', checker: 'not_host', cohost: 'not_host', host: 'ok', admin: 'ok', suspended: 'suspended',
    });
  });

  it('remove_event_host: the event\'s host and admins (and anyone stepping down)', async () => {
    const who: Record<Label, Member> = { anon: c.member, member: c.checker, attendee: c.member, checker: c.member, cohost: c.member, host: c.member, admin: c.attendee, suspended: c.member };
    await byRole('select public.remove_event_host($1, $2)', (l) => [c.pub, who[l].id], {
      anon: '42501', member: 'not_host', attendee: 'not_host', checker: 'not_host', cohost: 'not_host', host: 'ok', admin: 'ok', suspended: 'suspended',
    });
  });

  it('my_ticket: the RSVP\'s owner, and the event\'s hosts and checkers', async () => {
    const [r] = await g.db.query<{ id: string }>('select id from public.rsvps where event_id = $1 and user_id = $2', [c.pub, c.attendee.id]).then((x) => x.rows);
    await byRole('select public.my_ticket($1)', () => [r!.id], {
      anon: '42501', member: 'ticket_not_found', attendee: 'ok', checker: 'ok', cohost: 'ok', host: 'ok', admin: 'ok', suspended: 'ticket_not_found',
    });
  });

  it('check_in_ticket: the event\'s hosts, co-hosts, checkers and admins', async () => {
    const guests = await Promise.all(['g1', 'g2', 'g3', 'g4'].map((u) => g.member(u)));
    for (const m of guests) await g.sqlAs(m)('select public.rsvp($1)', [c.soon]);
    const codes: string[] = [];
    for (const m of [c.attendee, ...guests]) {
      const [row] = await g.sqlAs(m)<{ t: { code: string } }>(
        'select public.my_ticket((select id from public.rsvps where event_id = $1 and user_id = $2)) as t', [c.soon, m.id]);
      codes.push(row!.t.code);
    }
    const ticketFor: Record<Label, string> = {
      anon: codes[0]!, member: codes[0]!, attendee: codes[0]!, suspended: codes[0]!, checker: codes[1]!, cohost: codes[2]!, host: codes[3]!, admin: codes[4]!,
    };
    await byRole('select public.check_in_ticket($1)', (l) => [ticketFor[l]], {
      anon: '42501', member: 'not_host', attendee: 'not_host', checker: 'ok', cohost: 'ok', host: 'ok', admin: 'ok', suspended: 'suspended',
    });
  });

  it('hide_content: comments by their event\'s hosts and admins; events by admins', async () => {
    const [comment] = await g.sqlAs(c.attendee)<{ id: string }>(`insert into public.comments (event_id, author_id, body) values ($1, $2, 'hm') returning id`, [c.pub, c.attendee.id]);
    await byRole(`select public.hide_content('comment', $1, true)`, () => [comment!.id], {
      anon: '42501', member: 'not_host', attendee: 'not_host', checker: 'not_host', cohost: 'ok', host: 'ok', admin: 'ok', suspended: 'suspended',
    });
    await byRole(`select public.hide_content('event', $1, false)`, () => [c.pub], {
      anon: '42501', member: 'not_admin', attendee: 'not_admin', checker: 'not_admin', cohost: 'not_admin', host: 'not_admin', admin: 'ok', suspended: 'suspended',
    });
  });

  it('resolve_report and report_queue: admins', async () => {
    const [rep] = await g.sqlAs(c.member)<{ id: string }>(
      `insert into public.reports (reporter_id, target_type, target_id, reason) values ($1, 'event', $2, 'odd') returning id`, [c.member.id, c.pub]);
    await byRole('select * from public.report_queue()', () => [], {
      anon: '42501', member: 'not_admin', attendee: 'not_admin', checker: 'not_admin', cohost: 'not_admin', host: 'not_admin', admin: 'ok', suspended: 'not_admin',
    });
    await byRole(`select public.resolve_report($1, 'dismissed')`, () => [rep!.id], {
      anon: '42501', member: 'not_admin', attendee: 'not_admin', checker: 'not_admin', cohost: 'not_admin', host: 'not_admin', admin: 'ok', suspended: 'suspended',
    });
  });

  it('suspend_user: admins, never on themselves', async () => {
    await byRole(`select public.suspend_user($1, true, 'test')`, (l) => [l === 'admin' ? c.admin.id : c.member.id], {
      anon: '42501', member: 'not_admin', attendee: 'not_admin', checker: 'not_admin', cohost: 'not_admin', host: 'not_admin', admin: 'cannot_suspend_self', suspended: 'suspended',
    });
    expect(await runAs(g, c.admin, `select public.suspend_user($1, true, 'test')`, [c.member.id])).toHaveLength(1);
    expect(await runAs(g, c.admin, 'select public.suspend_user($1, false)', [c.member.id])).toHaveLength(1);
  });

  it('mark_notifications_read: any member, for their own', async () => {
    await byRole('select public.mark_notifications_read()', () => [], {
      anon: '42501', member: 'ok', attendee: 'ok', checker: 'ok', cohost: 'ok', host: 'ok', admin: 'ok', suspended: 'suspended',
    });
  });
});
