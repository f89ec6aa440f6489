import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCast, run as runAs, type Cast, type Who } from './support/cast.ts';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';

// Issue 10's tables role by role: event_messages, moderation_log, the new columns (rsvps.id,
// events.hidden_at), reports' new rules, the private secrets, and what a suspended member
// can no longer write. The procedures role by role are in procedures-by-role.test.ts.

let g: GatherServer;
let c: Cast;
const run = (who: Who, sql: string, params: unknown[] = []) => runAs(g, who, sql, params);
const roles = () => ({ member: c.member, attendee: c.attendee, checker: c.checker, cohost: c.cohost, host: c.host, admin: c.admin, suspended: c.suspended });

beforeAll(async () => {
  g = await startGather();
  c = await makeCast(g);
  await g.sqlAs(c.host)(`select public.message_attendees($1, 'going', 'Doors', 'Doors open at 7.')`, [c.pub]);
  await g.sqlAs('service')(`insert into public.notifications (user_id, kind) values ($1, 'welcome')`, [c.suspended.id]);
});
afterAll(() => g.stop());

describe('event_messages', () => {
  it('are read by the event\'s hosts, co-hosts and admins only', async () => {
    const sql = 'select subject from public.event_messages';
    expect(await run('anon', sql)).toBe('42501');
    for (const [label, who] of Object.entries(roles())) {
      const expected = ['host', 'cohost', 'admin'].includes(label) ? [{ subject: 'Doors' }] : [];
      expect(await run(who, sql), label).toEqual(expected);
    }
  });

  it('are written by message_attendees only', async () => {
    const insert = `insert into public.event_messages (event_id, sender_id, audience, subject, body) values ($1, $2, 'going', 's', 'b')`;
    for (const who of ['anon', ...Object.values(roles())] as Who[]) {
      expect(await run(who, insert, [c.pub, typeof who === 'string' ? null : who.id])).toBe('42501');
      expect(await run(who, `update public.event_messages set subject = 'x'`)).toBe('42501');
      expect(await run(who, 'delete from public.event_messages')).toBe('42501');
    }
  });
});

describe('moderation_log', () => {
  it('is read by admins only', async () => {
    const sql = 'select action from public.moderation_log';
    expect(await run('anon', sql)).toBe('42501');
    for (const [label, who] of Object.entries(roles())) {
      const rows = await run(who, sql);
      if (label === 'admin') expect((rows as { action: string }[]).map((r) => r.action)).toEqual(expect.arrayContaining(['host_added', 'user_suspended', 'message_sent']));
      else expect(rows, label).toEqual([]);
    }
  });

  it('is append-only, for the API roles and the owner alike', async () => {
    for (const who of ['anon', ...Object.values(roles())] as Who[]) {
      expect(await run(who, `insert into public.moderation_log (action, target_type, target_id) values ('x', 'user', $1)`, [c.member.id])).toBe('42501');
      expect(await run(who, `update public.moderation_log set action = 'x'`)).toBe('42501');
      expect(await run(who, 'delete from public.moderation_log')).toBe('42501');
    }
    await expect(g.db.query(`update public.moderation_log set action = 'rewritten'`)).rejects.toMatchObject({ code: 'PGRST' });
    await expect(g.db.query('delete from public.moderation_log')).rejects.toMatchObject({ code: 'PGRST' });
  });
});

describe('new columns', () => {
  it('rsvps have a stable id, visible where the row is', async () => {
    const [mine] = (await run(c.attendee, 'select id from public.rsvps where event_id = $1 and user_id = $2', [c.pub, c.attendee.id])) as { id: string }[];
    expect(mine!.id).toMatch(/^[0-9a-f-]{36}$/);
    await g.sqlAs(c.attendee)('select public.cancel_rsvp($1)', [c.pub]);
    const again = await g.sqlAs(c.attendee)<{ r: { rsvp_id: string } }>('select public.rsvp($1) as r', [c.pub]);
    expect(again[0]!.r.rsvp_id).toBe(mine!.id);
  });

  it('events.hidden_at is set through hide_content only', async () => {
    for (const who of [c.host, c.cohost, c.admin]) {
      expect(await run(who, 'update public.events set hidden_at = now() where id = $1', [c.pub])).toBe('42501');
    }
  });

  it('the ticket signing key is out of reach of every API role', async () => {
    for (const who of ['anon', 'service', c.admin, c.host] as Who[]) {
      expect(await run(who, 'select value from private.secrets')).toBe('42501');
      expect(await run(who, 'select private.ticket_code($1)', [c.pub])).toBe('42501');
    }
  });
});

describe('reports', () => {
  const report = (who: Member, type: string, target: string, reason = 'spam') =>
    run(who, `insert into public.reports (reporter_id, target_type, target_id, reason) values ($1, $2, $3, $4) returning status`, [who.id, type, target, reason]);

  it('members report what they can see, once while it is open', async () => {
    const privEvent = (await g.sqlAs(c.host)<{ id: string }>(`insert into public.events (host_id, title, starts_at, ends_at, is_online, status, visibility)
      values ($1, 'Secret', now() + interval '3 days', now() + interval '3 days 1 hour', true, 'published', 'private') returning id`, [c.host.id]))[0]!.id;
    const [comment] = (await g.sqlAs(c.host)<{ id: string }>(`insert into public.comments (event_id, author_id, body) values ($1, $2, 'hush') returning id`, [privEvent, c.host.id]));
    expect(await report(c.member, 'event', privEvent)).toBe('report_target_not_found');
    expect(await report(c.member, 'comment', comment!.id)).toBe('report_target_not_found');
    expect(await report(c.member, 'event', c.member.id)).toBe('report_target_not_found');
    expect(await report(c.member, 'event', c.pub, '   ')).toBe('invalid_reason');
    expect(await report(c.member, 'event', c.pub)).toEqual([{ status: 'open' }]);
    expect(await report(c.member, 'event', c.pub)).toBe('already_reported');
    expect(await report(c.attendee, 'event', c.pub)).toEqual([{ status: 'open' }]);
    expect(await run('anon', `insert into public.reports (reporter_id, target_type, target_id, reason) values ($1, 'event', $2, 'x')`, [c.member.id, c.pub])).toBe('42501');
    expect(await run(c.member, `insert into public.reports (reporter_id, target_type, target_id, reason) values ($1, 'event', $2, 'x')`, [c.attendee.id, c.pub])).toBe('42501');
  });

  it('are updated and deleted by nobody directly', async () => {
    for (const who of [c.member, c.host, c.admin]) {
      expect(await run(who, `update public.reports set status = 'dismissed'`)).toBe('42501');
      expect(await run(who, 'delete from public.reports')).toBe('42501');
    }
  });
});

describe('a suspended member', () => {
  it('still reads, and may not write anywhere', async () => {
    const s = c.suspended;
    expect(await run(s, 'select title from public.events where id = $1', [c.pub])).toEqual([{ title: 'Public' }]);
    const refused: [string, unknown[]][] = [
      [`insert into public.events (host_id, title, starts_at, ends_at, is_online) values ($1, 'Mine', now() + interval '2 days', now() + interval '2 days 1 hour', true)`, [s.id]],
      [`insert into public.comments (event_id, author_id, body) values ($1, $2, 'after the ban')`, [c.pub, s.id]],
      [`update public.comments set body = 'edited after the ban' where author_id = $1`, [s.id]],
      [`insert into public.reports (reporter_id, target_type, target_id, reason) values ($1, 'event', $2, 'x')`, [s.id, c.pub]],
      [`update public.profiles set bio = 'still here' where id = $1`, [s.id]],
      [`update public.notification_preferences set email_reminders = false where user_id = $1`, [s.id]],
      [`update public.notifications set read_at = now() where user_id = $1`, [s.id]],
      ['select public.rsvp($1)', [c.pub]],
      ['select public.cancel_rsvp($1)', [c.pub]],
      ['select public.mark_notifications_read()', []],
    ];
    for (const [sql, params] of refused) expect(await run(s, sql, params), sql).toBe('suspended');
    const upload = `insert into storage.objects (bucket_id, name, owner_id) values ('avatars', $1, $2)`;
    expect(await run(s, upload, [`${s.id}/me.png`, s.id])).toBe('42501');
    expect(await run(c.member, upload + ' returning name', [`${c.member.id}/me.png`, c.member.id])).toHaveLength(1);
  });

  it('writes again once an admin restores them', async () => {
    const restored = await run(c.admin, 'select public.suspend_user($1, false, null)', [c.suspended.id]);
    expect(restored).toHaveLength(1);
    expect(await run(c.suspended, `update public.profiles set bio = 'back' where id = $1 returning bio`, [c.suspended.id])).toEqual([{ bio: 'back' }]);
    await g.sqlAs(c.admin)(`select public.suspend_user($1, true, 'again')`, [c.suspended.id]);
  });
});
