import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let H: Member, C: Member, K: Member, A: Member, M: Member, AD: Member;
const ev: Record<'pub' | 'unl' | 'priv' | 'draft', string> = { pub: '', unl: '', priv: '', draft: '' };
let visibleComment: string, hiddenComment: string, privComment: string;

type Who = Member | 'anon' | 'service';
/** Rows, or the SQLSTATE / app error code the statement was refused with. */
async function run(who: Who, sql: string, params: unknown[] = []): Promise<Record<string, unknown>[] | string> {
  try {
    return await g.sqlAs(who)(sql, params);
  } catch (err) {
    return appError(err)?.code ?? (err as { code: string }).code;
  }
}
const ids = (rows: Record<string, unknown>[] | string) => (typeof rows === 'string' ? rows : rows.map((r) => Object.values(r)[0]).sort());

beforeAll(async () => {
  g = await startGather();
  [H, C, K, A, M, AD] = await Promise.all([g.member('host'), g.member('cohost'), g.member('checker'), g.member('attendee'), g.member('member'), g.member('admin', { admin: true })]);
  ev.pub = (await createEvent(g, H, { title: 'Public' })).id;
  ev.unl = (await createEvent(g, H, { title: 'Unlisted', visibility: 'unlisted' })).id;
  ev.priv = (await createEvent(g, H, { title: 'Private', visibility: 'private' })).id;
  ev.draft = (await createEvent(g, H, { title: 'Draft', status: 'draft' })).id;
  await g.sqlAs(H)(`select public.add_event_host($1, $2, 'cohost'), public.add_event_host($1, $3, 'checker')`, [ev.pub, C.username, K.username]);
  await g.sqlAs(H)('insert into public.event_invites (event_id, user_id, invited_by) values ($1, $2, $3)', [ev.priv, A.id, H.id]);
  await g.sqlAs(A)('select public.rsvp($1)', [ev.pub]);
  await g.sqlAs(A)('select public.rsvp($1)', [ev.priv]);
  const c = await g.sqlAs(A)<{ id: string }>(`insert into public.comments (event_id, author_id, body) values ($1, $2, 'hello'), ($1, $2, 'rude'), ($3, $2, 'secret') returning id`, [ev.pub, A.id, ev.priv]);
  [visibleComment, hiddenComment, privComment] = c.map((r) => r.id) as [string, string, string];
  await g.sqlAs(H)('update public.comments set hidden_at = now() where id = $1', [hiddenComment]);
  await g.sqlAs('service')(`insert into public.notifications (user_id, kind) values ($1, 'welcome')`, [A.id]);
});
afterAll(() => g.stop());

describe('events', () => {
  const cases: [string, string[]][] = [
    ['anon', ['Public', 'Unlisted']],
    ['member', ['Public', 'Unlisted']],
    ['attendee', ['Private', 'Public', 'Unlisted']],
    ['checker', ['Public', 'Unlisted']],
    ['host', ['Draft', 'Private', 'Public', 'Unlisted']],
    ['admin', ['Draft', 'Private', 'Public', 'Unlisted']],
  ];
  for (const [label, titles] of cases) {
    it(`${label} sees exactly ${titles.join(', ')}`, async () => {
      const who: Who = label === 'anon' ? 'anon' : { member: M, attendee: A, checker: K, host: H, admin: AD }[label]!;
      expect(ids(await run(who, 'select title from public.events'))).toEqual(titles);
    });
  }

  it('only members create events, and only as their own host', async () => {
    const row = { title: 'Mine', starts_at: new Date(Date.now() + 864e5).toISOString(), ends_at: new Date(Date.now() + 9e7).toISOString(), is_online: true };
    const sql = 'insert into public.events (host_id, title, starts_at, ends_at, is_online) values ($1, $2, $3, $4, $5) returning title';
    expect(await run('anon', sql, [M.id, row.title, row.starts_at, row.ends_at, row.is_online])).toBe('42501');
    expect(await run(M, sql, [H.id, row.title, row.starts_at, row.ends_at, row.is_online])).toBe('42501');
    expect(await run(M, sql, [M.id, row.title, row.starts_at, row.ends_at, row.is_online])).toEqual([{ title: 'Mine' }]);
  });

  it('hosts and co-hosts edit; checkers, members and anon do not', async () => {
    const sql = `update public.events set description = 'edited' where id = $1 returning id`;
    expect(await run('anon', sql, [ev.pub])).toBe('42501');
    for (const who of [M, K, A]) expect(await run(who, sql, [ev.pub])).toEqual([]);
    for (const who of [H, C, AD]) expect(await run(who, sql, [ev.pub])).toHaveLength(1);
    expect(await run(C, 'update public.events set host_id = $1 where id = $2', [C.id, ev.pub])).toBe('42501');
  });

  it('deletes only drafts or events without RSVPs', async () => {
    expect(await run(H, 'delete from public.events where id = $1 returning id', [ev.pub])).toEqual([]);
    const spare = await createEvent(g, H, { title: 'Spare', status: 'draft' });
    expect(await run(M, 'delete from public.events where id = $1 returning id', [spare.id])).toEqual([]);
    expect(await run(H, 'delete from public.events where id = $1 returning id', [spare.id])).toHaveLength(1);
  });

  it('only the host adds co-hosts and checkers, and only through add_event_host', async () => {
    const sql = `insert into public.event_hosts (event_id, user_id, role) values ($1, $2, 'cohost')`;
    for (const who of [C, M, H, AD]) expect(await run(who, sql, [ev.unl, M.id])).toBe('42501');
    expect(await run(H, 'delete from public.event_hosts where event_id = $1 and user_id = $2', [ev.pub, K.id])).toBe('42501');
    const add = `select public.add_event_host($1, $2, 'cohost')`;
    expect(await run(C, add, [ev.unl, M.username])).toBe('not_host');
    expect(await run(M, add, [ev.unl, M.username])).toBe('not_host');
    expect(await run(H, add, [ev.unl, M.username])).toHaveLength(1);
    expect(await run(H, `select public.add_event_host($1, $2, 'host')`, [ev.unl, A.username])).toBe('invalid_role');
  });
});

describe('online links', () => {
  it('only those going, checkers and hosts read an event\'s online link; only hosts set it', async () => {
    expect(await run(M, 'insert into public.event_online_links (event_id, url) values ($1, $2)', [ev.pub, 'https://evil.example'])).toBe('42501');
    expect(await run(C, 'insert into public.event_online_links (event_id, url) values ($1, $2) returning url', [ev.pub, 'https://meet.example/x'])).toHaveLength(1);
    expect(await run(H, 'update public.event_online_links set url = $2 where event_id = $1 returning url', [ev.pub, 'http://plain.example'])).toBe('invalid_online_url');
    const sql = 'select url from public.event_online_links where event_id = $1';
    expect(await run('anon', sql, [ev.pub])).toEqual([]);
    expect(await run(M, sql, [ev.pub])).toEqual([]);
    for (const who of [A, K, H, AD]) expect(await run(who, sql, [ev.pub])).toEqual([{ url: 'https://meet.example/x' }]);
  });
});

describe('rsvps and counts', () => {
  it('members see their own, who is going where they may look, hosts and checkers their guests', async () => {
    const sql = 'select event_id from public.rsvps';
    expect(await run('anon', sql)).toBe('42501');
    expect(ids(await run(A, sql))).toEqual([ev.pub, ev.priv].sort());
    expect(ids(await run(M, sql))).toEqual([ev.pub]);
    expect(ids(await run(K, sql))).toEqual([ev.pub]);
    expect(ids(await run(H, sql))).toEqual([ev.pub, ev.priv].sort());
  });

  it('changes only through the procedures', async () => {
    expect(await run(A, `update public.rsvps set status = 'going' where user_id = $1`, [A.id])).toBe('42501');
    expect(await run(A, 'delete from public.rsvps where user_id = $1', [A.id])).toBe('42501');
    expect(await run(M, `insert into public.rsvps (event_id, user_id, status) values ($1, $2, 'going')`, [ev.pub, M.id])).toBe('42501');
  });

  it('counts are public where the event is', async () => {
    expect(ids(await run('anon', 'select event_id from public.event_stats'))).toEqual([ev.pub, ev.unl].sort());
    expect(await run(M, 'select going_count from public.event_stats where event_id = $1', [ev.priv])).toEqual([]);
  });
});

describe('comments, reports, notifications, profiles', () => {
  it('shows comments of visible events, hidden ones only to their author and the hosts', async () => {
    const sql = 'select id from public.comments';
    expect(ids(await run('anon', sql))).toEqual([visibleComment]);
    expect(ids(await run(M, sql))).toEqual([visibleComment]);
    expect(ids(await run(A, sql))).toEqual([visibleComment, hiddenComment, privComment].sort());
    expect(ids(await run(H, sql))).toEqual([visibleComment, hiddenComment, privComment].sort());
  });

  it('lets members comment where they may look, authors edit, hosts hide', async () => {
    expect(await run('anon', `insert into public.comments (event_id, author_id, body) values ($1, $2, 'x')`, [ev.pub, M.id])).toBe('42501');
    expect(await run(M, `insert into public.comments (event_id, author_id, body) values ($1, $2, 'x')`, [ev.priv, M.id])).toBe('42501');
    expect(await run(M, `insert into public.comments (event_id, author_id, body) values ($1, $2, 'x')`, [ev.pub, A.id])).toBe('42501');
    expect(await run(M, `update public.comments set body = 'defaced' where id = $1 returning id`, [visibleComment])).toEqual([]);
    expect(await run(M, `update public.comments set hidden_at = now() where id = $1 returning id`, [visibleComment])).toEqual([]);
    expect(await run(A, `update public.comments set body = 'hello!' where id = $1 returning edited_at`, [visibleComment])).toHaveLength(1);
    expect(await run(C, `update public.comments set body = 'cohost rewrite' where id = $1`, [visibleComment])).toBe('not_author');
  });

  it('keeps reports between the reporter and the admins', async () => {
    const rep = await run(M, `insert into public.reports (reporter_id, target_type, target_id, reason) values ($1, 'comment', $2, 'spam') returning id`, [M.id, visibleComment]);
    const id = (rep as { id: string }[])[0]!.id;
    expect(await run(A, 'select id from public.reports')).toEqual([]);
    expect(await run(M, `update public.reports set status = 'dismissed' where id = $1 returning id`, [id])).toBe('42501');
    expect(await run(AD, `update public.reports set status = 'resolved' where id = $1 returning status`, [id])).toBe('42501');
    expect(await run(M, `select public.resolve_report($1, 'resolved')`, [id])).toBe('not_admin');
    expect(await run(AD, `select public.resolve_report($1, 'resolved')`, [id])).toHaveLength(1);
    expect(await run(M, 'select status from public.reports where id = $1', [id])).toEqual([{ status: 'resolved' }]);
  });

  it('keeps notifications to their recipient', async () => {
    expect(await run(M, 'select id from public.notifications where user_id = $1', [A.id])).toEqual([]);
    expect(await run(M, `insert into public.notifications (user_id, kind) values ($1, 'fake')`, [A.id])).toBe('42501');
    expect((await run(A, 'select kind from public.notifications')) as unknown[]).not.toHaveLength(0);
  });

  it('profiles are public and their own to edit; suspension is for admins (profile_private)', async () => {
    expect((await run('anon', 'select username from public.profiles')) as unknown[]).toHaveLength(6);
    expect(await run(M, `update public.profiles set bio = 'hi' where id = $1 returning id`, [M.id])).toHaveLength(1);
    expect(await run(M, `update public.profiles set bio = 'hacked' where id = $1 returning id`, [H.id])).toEqual([]);
    expect(await run(M, `update public.profile_private set suspended_at = now() where id = $1`, [M.id])).toBe('42501');
    expect(await run(M, `select public.suspend_user($1, true, 'self-service')`, [M.id])).toBe('not_admin');
    expect(await run(AD, `update public.profile_private set suspended_at = now() where id = $1 returning id`, [M.id])).toBe('42501');
    expect(await run(AD, `select public.suspend_user($1, true, 'spam')`, [M.id])).toHaveLength(1);
    expect(await run(M, 'select public.rsvp($1)', [ev.unl])).toBe('suspended');
  });
});

describe('storage buckets', () => {
  const put = (who: Who, bucket: string, path: string) =>
    run(who, `insert into storage.objects (bucket_id, name, owner_id) values ($1, $2, $3) returning name`, [bucket, path, typeof who === 'string' ? null : who.id]);

  it('avatars go only in the member\'s own folder', async () => {
    expect(await put(A, 'avatars', `${A.id}/me.png`)).toEqual([{ name: `${A.id}/me.png` }]);
    expect(await put(A, 'avatars', `${H.id}/me.png`)).toBe('42501');
    expect(await put('anon', 'avatars', 'x/me.png')).toBe('42501');
  });

  it('event covers and videos only from the event\'s hosts', async () => {
    expect(await put(H, 'event-covers', `${ev.pub}/cover.jpg`)).toHaveLength(1);
    expect(await put(C, 'event-videos', `${ev.pub}/promo.mp4`)).toHaveLength(1);
    expect(await put(K, 'event-covers', `${ev.pub}/nope.jpg`)).toBe('42501');
    expect(await put(M, 'event-covers', `${ev.pub}/nope.jpg`)).toBe('42501');
    expect(await put(M, 'event-covers', `not-a-uuid/nope.jpg`)).toBe('42501');
  });

  it('media is readable by anyone; buckets carry their limits', async () => {
    expect(ids(await run('anon', `select name from storage.objects where bucket_id = 'event-covers'`))).toEqual([`${ev.pub}/cover.jpg`]);
    const b = await g.db.query('select id, file_size_limit, allowed_mime_types from storage.buckets order by id');
    expect(b.rows).toEqual([
      { id: 'avatars', file_size_limit: '2097152', allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'] },
      { id: 'event-albums', file_size_limit: '8388608', allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'] },
      { id: 'event-covers', file_size_limit: '5242880', allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'] },
      { id: 'event-videos', file_size_limit: '104857600', allowed_mime_types: ['video/mp4', 'video/webm'] },
      { id: 'group-media', file_size_limit: '5242880', allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'] },
    ]);
  });
});
