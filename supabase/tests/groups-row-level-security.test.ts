import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as runAs, type Who } from './support/cast.ts';
import { appError, createEvent, startGather, type GatherServer } from './support/gather-server.ts';
import { createGroup, makeGroupCast, place, type GroupCast } from './support/group-cast.ts';

// Issue 15's tables, bucket and events role by role: anon, a signed-in outsider, a member, a
// pending requester, a banned member, an event organizer, a co-organizer, the organizer, a site
// admin and the service role. Procedures are in groups-procedures.test.ts; realtime in
// groups-realtime.test.ts.

let g: GatherServer;
let c: GroupCast;
const run = (who: Who, sql: string, params: unknown[] = []) => runAs(g, who, sql, params);
type Label = 'anon' | 'outsider' | 'member' | 'pending' | 'banned' | 'eventOrganizer' | 'coOrganizer' | 'organizer' | 'admin' | 'service';
const LABELS: Label[] = ['anon', 'outsider', 'member', 'pending', 'banned', 'eventOrganizer', 'coOrganizer', 'organizer', 'admin', 'service'];
const as = (label: Label): Who => (label === 'anon' || label === 'service' ? label : c[label]);
const sorted = (rows: Record<string, unknown>[] | string) =>
  typeof rows === 'string' ? rows : rows.map((r) => Object.values(r).join(':')).sort();

beforeAll(async () => {
  g = await startGather();
  c = await makeGroupCast(g);
});
afterAll(() => g.stop());

describe('groups', () => {
  it('are public, a private one included (its name and about)', async () => {
    for (const label of LABELS) {
      expect(sorted(await run(as(label), 'select name from public.groups')), label).toEqual(['Closed circle', 'Open circle']);
    }
  });

  it('are created by signed-in members, who become the organizer; server-owned columns stay the server\'s', async () => {
    const sql = `insert into public.groups (name, city, lat, lng) values ('Made here', $1, $2, $3) returning created_by, slug`;
    expect(await run('anon', sql, [place.city, place.lat, place.lng])).toBe('42501');
    const [row] = (await run(c.outsider, sql, [place.city, place.lat, place.lng])) as { created_by: string; slug: string }[];
    expect(row).toEqual({ created_by: c.outsider.id, slug: 'made-here' });
    const roles = await g.db.query(`select m.user_id, m.role, m.status from public.group_members m join public.groups x on x.id = m.group_id where x.slug = 'made-here'`);
    expect(roles.rows).toEqual([{ user_id: c.outsider.id, role: 'organizer', status: 'active' }]);
    for (const col of ['created_by', 'slug', 'hidden_at', 'id']) {
      const value = col === 'hidden_at' ? new Date().toISOString() : col === 'slug' ? 'mine' : c.member.id;
      expect(await run(c.member, `insert into public.groups (name, city, lat, lng, ${col}) values ('Sneaky', 'X', 1, 1, $1)`, [value]), col).toBe('42501');
    }
  });

  it('are edited by their organizers and co-organizers only', async () => {
    const sql = `update public.groups set about = $2 where id = $1 returning about`;
    expect(await run('anon', sql, [c.open.id, 'x'])).toBe('42501');
    for (const label of ['outsider', 'member', 'pending', 'banned', 'eventOrganizer'] as Label[]) {
      expect(await run(as(label), sql, [c.open.id, label]), label).toEqual([]);
    }
    for (const label of ['coOrganizer', 'organizer', 'admin'] as Label[]) {
      expect(await run(as(label), sql, [c.open.id, label]), label).toEqual([{ about: label }]);
    }
    for (const col of ['slug', 'created_by', 'hidden_at', 'created_at']) {
      expect(await run(c.organizer, `update public.groups set ${col} = ${col} where id = $1`, [c.open.id]), col).toBe('42501');
    }
    // Deleting goes through delete_group only.
    expect(await run(c.organizer, 'delete from public.groups where id = $1', [c.open.id])).toBe('42501');
  });

  it('a hidden group is for its organizers, co-organizers and the admins', async () => {
    const hidden = await createGroup(g, c.organizer, { name: 'Hidden circle' });
    await g.sqlAs(c.coOrganizer)('select public.join_group($1)', [hidden.id]);
    await g.sqlAs(c.organizer)(`select public.set_group_member_role($1, $2, 'co_organizer')`, [hidden.id, c.coOrganizer.id]);
    await g.sqlAs(c.member)('select public.join_group($1)', [hidden.id]);
    await g.db.query('update public.groups set hidden_at = now() where id = $1', [hidden.id]);
    const sql = 'select name from public.groups where id = $1';
    for (const label of LABELS) {
      const sees = ['coOrganizer', 'organizer', 'admin', 'service'].includes(label);
      expect(await run(as(label), sql, [hidden.id]), label).toEqual(sees ? [{ name: 'Hidden circle' }] : []);
    }
    expect(await run(c.member, 'select user_id from public.group_members where group_id = $1', [hidden.id])).toEqual([{ user_id: c.member.id }]);
    await g.db.query('update public.groups set hidden_at = null where id = $1', [hidden.id]);
    expect(await run('anon', sql, [hidden.id])).toEqual([{ name: 'Hidden circle' }]);
  });
});

describe('group_members', () => {
  const who = (label: Label) => (label === 'anon' || label === 'service' ? '' : c[label].username);
  const team = ['organizer', 'co_organizer'];
  const active = ['organizer', 'co_organizer', 'event_organizer', 'member'];

  it('list a public group\'s members to everyone; requests and bans to its organizers and the person', async () => {
    const sql = `select p.username, m.status from public.group_members m join public.profiles p on p.id = m.user_id where m.group_id = $1`;
    for (const label of LABELS) {
      const expected = active.map((u) => `${u}:active`);
      if (['coOrganizer', 'organizer', 'admin', 'service', 'banned'].includes(label)) expected.push('banned:banned');
      expect(sorted(await run(as(label), sql, [c.open.id])), label).toEqual(expected.sort());
    }
  });

  it('list a private group\'s members to its members; outsiders see who organizes it', async () => {
    const sql = `select p.username, m.status from public.group_members m join public.profiles p on p.id = m.user_id where m.group_id = $1`;
    for (const label of LABELS) {
      const insider = ['member', 'eventOrganizer', 'coOrganizer', 'organizer', 'admin', 'service'].includes(label);
      const expected = (insider ? active : team).map((u) => `${u}:active`);
      if (['coOrganizer', 'organizer', 'admin', 'service'].includes(label)) expected.push('banned:banned', 'pending:pending');
      else if (label === 'pending') expected.push('pending:pending');
      else if (label === 'banned') expected.push('banned:banned');
      expect(sorted(await run(as(label), sql, [c.closed.id])), label).toEqual(expected.sort());
    }
    expect(who('anon')).toBe('');
  });

  it('change through the procedures only; members choose their own alerts', async () => {
    for (const label of LABELS.filter((l) => l !== 'service')) {
      const me = label === 'anon' ? c.outsider.id : c[label].id;
      expect(await run(as(label), `insert into public.group_members (group_id, user_id, status) values ($1, $2, 'active')`, [c.open.id, me]), label).toBe('42501');
      expect(await run(as(label), `update public.group_members set role = 'organizer' where group_id = $1`, [c.open.id]), label).toBe('42501');
      expect(await run(as(label), `update public.group_members set status = 'active' where group_id = $1`, [c.closed.id]), label).toBe('42501');
      expect(await run(as(label), 'delete from public.group_members where group_id = $1', [c.open.id]), label).toBe('42501');
    }
    const alerts = `update public.group_members set alerts = $2 where group_id = $1 returning user_id, alerts`;
    expect(await run(c.member, alerts, [c.open.id, 'none'])).toEqual([{ user_id: c.member.id, alerts: 'none' }]);
    expect(await run(c.organizer, `update public.group_members set alerts = 'none' where group_id = $1 and user_id = $2 returning 1`, [c.open.id, c.member.id])).toEqual([]);
    expect(await run(c.member, alerts, [c.open.id, 'all'])).toEqual([{ user_id: c.member.id, alerts: 'all' }]);
    expect(await run('anon', alerts, [c.open.id, 'none'])).toBe('42501');
  });
});

describe('group counts', () => {
  it('member counts are public; request and ban counts are the organizers\'', async () => {
    for (const label of LABELS) {
      expect(sorted(await run(as(label), 'select group_id, member_count from public.group_stats where group_id in ($1, $2)', [c.open.id, c.closed.id])), label).toEqual(
        [`${c.open.id}:4`, `${c.closed.id}:4`].sort());
      const manager = ['coOrganizer', 'organizer', 'admin', 'service'].includes(label);
      const rows = await run(as(label), 'select group_id, pending_count, banned_count from public.group_manager_stats where group_id in ($1, $2)', [c.open.id, c.closed.id]);
      if (label === 'anon') expect(rows).toBe('42501');
      else expect(sorted(rows), label).toEqual(manager ? [`${c.open.id}:0:1`, `${c.closed.id}:1:1`].sort() : []);
    }
  });

  it('nobody writes them but the database', async () => {
    for (const label of LABELS.filter((l) => l !== 'service')) {
      expect(await run(as(label), 'update public.group_stats set member_count = 1000'), label).toBe('42501');
      expect(await run(as(label), 'update public.group_manager_stats set pending_count = 0'), label).toBe('42501');
    }
  });
});

describe('group events', () => {
  const titles = async (label: Label) => sorted(await run(as(label), `select title from public.events where group_id is not null`));

  it('members-only events and a private group\'s events are for members; public ones of a public group for all', async () => {
    for (const label of LABELS) {
      const insider = ['member', 'eventOrganizer', 'coOrganizer', 'organizer', 'admin', 'service'].includes(label);
      const expected = insider
        ? ['Closed circle members', 'Closed circle public', 'Open circle members', 'Open circle public']
        : ['Open circle public'];
      expect(await titles(label), label).toEqual(expected);
    }
  });

  it('counts, hosts and comments follow the event', async () => {
    await g.sqlAs(c.member)(`insert into public.comments (event_id, author_id, body) values ($1, $2, 'members only talk')`, [c.open.membersEvent, c.member.id]);
    for (const label of LABELS) {
      const insider = ['member', 'eventOrganizer', 'coOrganizer', 'organizer', 'admin', 'service'].includes(label);
      expect(await run(as(label), 'select body from public.comments where event_id = $1', [c.open.membersEvent]), label)
        .toEqual(insider ? [{ body: 'members only talk' }] : []);
      expect((await run(as(label), 'select event_id from public.event_stats where event_id = $1', [c.closed.publicEvent]) as unknown[]).length, label)
        .toBe(insider ? 1 : 0);
      if (label !== 'anon' && !insider) {
        expect(await run(as(label), `insert into public.comments (event_id, author_id, body) values ($1, $2, 'x')`, [c.open.membersEvent, (as(label) as { id: string }).id]), label).toBe('42501');
      }
    }
  });

  it('are RSVP-able by members only; the banned cannot RSVP to any of the group\'s events', async () => {
    const rsvp = (label: Label, eventId: string) => run(as(label), 'select public.rsvp($1) ->> $2 as s', [eventId, 'status']);
    expect(await rsvp('outsider', c.open.membersEvent)).toBe('event_not_found');
    expect(await rsvp('pending', c.closed.publicEvent)).toBe('event_not_found');
    expect(await rsvp('banned', c.open.membersEvent)).toBe('event_not_found');
    expect(await rsvp('banned', c.open.publicEvent)).toBe('banned_from_group');
    expect(await rsvp('anon', c.open.membersEvent)).toBe('42501');
    expect(await rsvp('member', c.open.membersEvent)).toEqual([{ s: 'going' }]);
    expect(await rsvp('outsider', c.open.publicEvent)).toEqual([{ s: 'going' }]);
    // Even the database's own paths refuse them: a host's approval, a direct write by the owner.
    expect(await run('service', `insert into public.rsvps (event_id, user_id, status) values ($1, $2, 'going')`, [c.open.membersEvent, c.outsider.id])).toBe('members_only');
  });

  it('are run by the group\'s organizers, co-organizers and event organizers', async () => {
    const edit = `update public.events set description = $2 where id = $1 returning id`;
    // The organizer created membersEvent; the event organizer publicEvent.
    for (const label of ['eventOrganizer', 'coOrganizer', 'organizer', 'admin'] as Label[]) {
      expect(await run(as(label), edit, [c.open.membersEvent, label]), label).toHaveLength(1);
      expect(await run(as(label), edit, [c.open.publicEvent, label]), label).toHaveLength(1);
    }
    for (const label of ['outsider', 'member', 'pending', 'banned'] as Label[]) {
      expect(await run(as(label), edit, [c.open.membersEvent, label]), label).toEqual([]);
    }
    // The team tools: co-organizers as the host (they manage the team), event organizers as co-hosts.
    const role = (label: Label, e: string) => run(as(label), 'select public.my_event_role($1) as r', [e]);
    expect(await role('coOrganizer', c.open.publicEvent)).toEqual([{ r: 'host' }]);
    expect(await role('eventOrganizer', c.open.membersEvent)).toEqual([{ r: 'cohost' }]);
    expect(await role('member', c.open.membersEvent)).toEqual([{ r: null }]);
    expect(await role('outsider', c.open.membersEvent)).toEqual([{ r: null }]);
    expect(await run(c.coOrganizer, `select public.add_event_host($1, $2, 'checker')`, [c.open.publicEvent, c.member.username])).toHaveLength(1);
    expect(await run(c.eventOrganizer, `select public.add_event_host($1, $2, 'checker')`, [c.open.membersEvent, c.member.username])).toBe('not_host');
    // Guest lists: the group's team sees RSVPs to its events.
    expect((await run(c.coOrganizer, 'select user_id from public.rsvps where event_id = $1', [c.open.membersEvent]) as unknown[]).length).toBe(1);
  });

  it('are added to a group by its organizers and event organizers only; members-only needs a group', async () => {
    const add = (label: Label, fields: Record<string, unknown>) =>
      createEvent(g, c[label as 'member'], fields).then(() => 'ok', (err) => appError(err)?.code ?? (err as Error).message);
    expect(await add('member', { group_id: c.open.id })).toBe('not_group_event_organizer');
    expect(await add('outsider', { group_id: c.closed.id })).toBe('not_group_event_organizer');
    expect(await add('banned', { group_id: c.open.id })).toBe('not_group_event_organizer');
    expect(await add('outsider', { visibility: 'members' })).toBe('members_needs_group');
    expect(await add('eventOrganizer', { group_id: c.closed.id, visibility: 'members' })).toBe('ok');
    expect(await add('coOrganizer', { group_id: c.closed.id })).toBe('ok');
    // Moving one's own event into a group one does not run is refused too.
    const mine = await createEvent(g, c.member, { title: 'Mine' });
    expect(await run(c.member, 'update public.events set group_id = $2 where id = $1', [mine.id, c.open.id])).toBe('not_group_event_organizer');
    expect(await run(c.member, `update public.events set visibility = 'members' where id = $1`, [mine.id])).toBe('members_needs_group');
  });
});

describe('group_announcements', () => {
  it('are read where the group\'s content is, and written by post_group_announcement only', async () => {
    for (const grp of [c.open, c.closed]) await g.sqlAs(c.coOrganizer)('select public.post_group_announcement($1, $2, $3)', [grp.id, 'Hello', 'Welcome all']);
    const sql = 'select group_id from public.group_announcements';
    for (const label of LABELS) {
      const insider = ['member', 'eventOrganizer', 'coOrganizer', 'organizer', 'admin', 'service'].includes(label);
      expect(sorted(await run(as(label), sql)), label).toEqual((insider ? [c.open.id, c.closed.id] : [c.open.id]).sort());
    }
    for (const label of LABELS.filter((l) => l !== 'service')) {
      const w = as(label);
      expect(await run(w, `insert into public.group_announcements (group_id, author_id, subject, body) values ($1, $2, 's', 'b')`,
        [c.open.id, typeof w === 'string' ? null : w.id]), label).toBe('42501');
      expect(await run(w, `update public.group_announcements set subject = 'x'`), label).toBe('42501');
      expect(await run(w, 'delete from public.group_announcements'), label).toBe('42501');
    }
    expect(await run('anon', `select public.post_group_announcement($1, 'x', 'y')`, [c.open.id])).toBe('42501');
  });
});

describe('private state', () => {
  it('the alert guard and the signing key are out of every API role\'s reach', async () => {
    for (const label of LABELS) {
      expect(await run(as(label), 'select * from private.group_alerts_sent'), label).toBe('42501');
      expect(await run(as(label), `select value from private.secrets where name = 'group_alerts_signing_key'`), label).toBe('42501');
      expect(await run(as(label), 'select private.group_alerts_token($1, $2)', [c.open.id, c.member.id]), label).toBe('42501');
    }
  });
});

describe('group-media bucket', () => {
  const put = (label: Label, path: string) => {
    const w = as(label);
    return run(w, `insert into storage.objects (bucket_id, name, owner_id) values ('group-media', $1, $2) returning name`, [path, typeof w === 'string' ? null : w.id]);
  };

  it('covers and logos are written by the group\'s organizers and co-organizers, read by anyone', async () => {
    for (const label of LABELS) {
      const path = `${c.closed.id}/cover-${label}.png`;
      const allowed = ['coOrganizer', 'organizer', 'admin', 'service'].includes(label);
      const got = await put(label, path);
      expect(got, label).toEqual(allowed ? [{ name: path }] : '42501');
    }
    expect(await put('organizer', 'not-a-group/logo.png')).toBe('42501');
    expect(await put('organizer', `${c.outsider.id}/logo.png`)).toBe('42501');
    expect(sorted(await run('anon', `select name from storage.objects where bucket_id = 'group-media'`))).toHaveLength(4);
    const update = `update storage.objects set metadata = '{}' where bucket_id = 'group-media' and name = $1 returning name`;
    expect(await run(c.eventOrganizer, update, [`${c.closed.id}/cover-organizer.png`])).toEqual([]);
    expect(await run(c.coOrganizer, update, [`${c.closed.id}/cover-organizer.png`])).toHaveLength(1);
    expect(await run(c.member, `delete from storage.objects where bucket_id = 'group-media' returning name`)).toEqual([]);
    expect(await run(c.organizer, `delete from storage.objects where bucket_id = 'group-media' and name = $1 returning name`, [`${c.closed.id}/cover-admin.png`])).toHaveLength(1);
    const bucket = await g.db.query(`select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'group-media'`);
    expect(bucket.rows).toEqual([{ public: true, file_size_limit: '5242880', allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'] }]);
  });
});
