import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectChanges } from '../../server/test/helpers/realtime.ts';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let host: Member, author: Member, viewer: Member, reporter: Member, admin: Member;
const client = async (m: Member) => {
  const token = await signToken(m.claims);
  return g.as(() => token);
};
const comment = async (eventId: string, body: string) =>
  (await g.sqlAs(author)<{ id: string }>('insert into public.comments (event_id, author_id, body) values ($1, $2, $3) returning id', [eventId, author.id, body]))[0]!.id;
const logOf = (targetId: string) =>
  g.sqlAs(admin)<{ action: string; actor_id: string; target_type: string; details: Record<string, unknown> }>(
    'select action, actor_id, target_type, details from public.moderation_log where target_id = $1 order by created_at', [targetId]);

beforeAll(async () => {
  g = await startGather();
  [host, author, viewer, reporter, admin] = (await Promise.all(
    ['host', 'author', 'viewer', 'reporter', 'admin'].map((u) => g.member(u, { admin: u === 'admin' })))) as Member[] as [Member, Member, Member, Member, Member];
});
afterAll(() => g.stop());

describe('hiding comments', () => {
  it('disappears for others over REST and realtime, stays for the author and hosts, and is logged', async () => {
    const e = await createEvent(g, host);
    const rude = await comment(e.id, 'rude words');
    const fine = await comment(e.id, 'fine words');
    const others = collectChanges(await client(viewer), 'mod-viewer', { table: 'comments', event: 'UPDATE', filter: `event_id=eq.${e.id}` });
    const mine = collectChanges(await client(author), 'mod-author', { table: 'comments', event: 'UPDATE', filter: `event_id=eq.${e.id}` });
    await Promise.all([others.ready, mine.ready]);

    const hidden = await (await client(host)).rpc('hide_content', { target_type: 'comment', target_id: rude, hidden: true });
    expect(hidden.error).toBeNull();
    await g.sqlAs(author)(`update public.comments set body = 'fine words, edited' where id = $1`, [fine]);
    // The viewer gets the later edit, so the hide was never coming to them.
    await expect.poll(() => others.got.map((p) => p.new.id)).toEqual([fine]);
    await expect.poll(() => mine.got.map((p) => p.new.id)).toEqual([rude, fine]);
    expect(mine.got[0]!.new.hidden_at).toBeTruthy();

    const read = async (c: Awaited<ReturnType<typeof client>> | ReturnType<GatherServer['anon']>) =>
      ((await c.from('comments').select('id').eq('event_id', e.id).order('created_at')).data ?? []).map((r) => r.id);
    expect(await read(g.anon())).toEqual([fine]);
    expect(await read(await client(viewer))).toEqual([fine]);
    expect(await read(await client(author))).toEqual([rude, fine]);
    expect(await read(await client(host))).toEqual([rude, fine]);

    // Restoring brings it back; hiding again by a direct update (the event page's way) is logged too.
    await g.sqlAs(admin)(`select public.hide_content('comment', $1, false)`, [rude]);
    expect(await read(g.anon())).toEqual([rude, fine]);
    await g.sqlAs(host)('update public.comments set hidden_at = now() where id = $1', [rude]);
    expect((await logOf(rude)).map((l) => [l.action, l.actor_id, l.target_type, l.details.event_id])).toEqual([
      ['content_hidden', host.id, 'comment', e.id], ['content_restored', admin.id, 'comment', e.id], ['content_hidden', host.id, 'comment', e.id],
    ]);
    // Hiding what is already hidden changes and logs nothing.
    await g.sqlAs(host)(`select public.hide_content('comment', $1, true)`, [rude]);
    expect(await logOf(rude)).toHaveLength(3);
    // The admin page reads the trail with who did it.
    const { data: trail } = await (await client(admin)).from('moderation_log').select('action, actor:profiles(username)').eq('target_id', rude).order('created_at');
    expect(trail).toEqual([
      { action: 'content_hidden', actor: { username: 'host' } }, { action: 'content_restored', actor: { username: 'admin' } },
      { action: 'content_hidden', actor: { username: 'host' } },
    ]);
  });

  it('explains what it cannot do', async () => {
    const e = await createEvent(g, host);
    const c = await comment(e.id, 'meh');
    expect(await expectAppError(g.sqlAs(viewer)(`select public.hide_content('comment', $1, true)`, [c]))).toEqual({ code: 'not_host', message: "Only the event's hosts can do that.", status: 403 });
    expect(await expectAppError(g.sqlAs(host)(`select public.hide_content('comment', $1, true)`, [host.id]))).toMatchObject({ code: 'content_not_found', status: 404 });
    expect(await expectAppError(g.sqlAs(host)(`select public.hide_content('profile', $1, true)`, [host.id]))).toMatchObject({ code: 'invalid_target' });
    expect(await expectAppError(g.sqlAs(host)(`select public.hide_content('event', $1, true, 'Spam')`, [e.id]))).toEqual({ code: 'not_admin', message: 'Only site admins can do that.', status: 403 });
  });
});

describe('hiding events', () => {
  it('takes an event away from everyone but its hosts and the admins, until restored', async () => {
    const e = await createEvent(g, host, { title: 'Questionable gathering', capacity: 10 });
    await comment(e.id, 'hello');
    const anon = g.anon();
    const seen = async () => ({
      row: (await anon.from('events').select('id').eq('id', e.id)).data?.length,
      search: (await anon.rpc('search_events', { query: 'Questionable' })).data?.length,
      near: ((await anon.rpc('events_near', { lat: 38.7, lng: -9.1 })).data as { id: string }[]).filter((x) => x.id === e.id).length,
      stats: (await anon.from('event_stats').select('event_id').eq('event_id', e.id)).data?.length,
      comments: (await anon.from('comments').select('id').eq('event_id', e.id)).data?.length,
    });
    expect(await seen()).toEqual({ row: 1, search: 1, near: 1, stats: 1, comments: 1 });

    await g.sqlAs(admin)(`select public.hide_content('event', $1, true, 'Spam')`, [e.id]);
    expect(await seen()).toEqual({ row: 0, search: 0, near: 0, stats: 0, comments: 0 });
    expect(await expectAppError(g.sqlAs(viewer)('select public.rsvp($1)', [e.id]))).toMatchObject({ code: 'event_not_found' });
    for (const who of [host, admin]) {
      const [row] = await g.sqlAs(who)<{ hidden_at: string | null }>('select hidden_at from public.events where id = $1', [e.id]);
      expect(row?.hidden_at).toBeTruthy();
    }

    await g.sqlAs(admin)(`select public.hide_content('event', $1, false)`, [e.id]);
    expect(await seen()).toEqual({ row: 1, search: 1, near: 1, stats: 1, comments: 1 });
    expect((await logOf(e.id)).map((l) => l.action)).toEqual(['content_hidden', 'content_restored']);
  });

  it('hides a cancelled event too', async () => {
    const e = await createEvent(g, host);
    await g.sqlAs(host)(`update public.events set status = 'cancelled' where id = $1`, [e.id]);
    await g.sqlAs(admin)(`select public.hide_content('event', $1, true, 'Spam')`, [e.id]);
    expect(await g.sqlAs('anon')('select id from public.events where id = $1', [e.id])).toEqual([]);
    // Editing it is still refused: only moderation may touch a cancelled event.
    expect(await expectAppError(g.sqlAs(host)(`update public.events set title = 'Back again' where id = $1`, [e.id]))).toMatchObject({ code: 'event_cancelled' });
  });
});

describe('the reports queue', () => {
  it('groups open reports by content, and one decision closes them all', async () => {
    const e = await createEvent(g, host, { title: 'Reported event' });
    const spam = await comment(e.id, 'Buy cheap watches at example.com');
    const report = (m: Member, type: string, id: string, reason: string) =>
      g.sqlAs(m)('insert into public.reports (reporter_id, target_type, target_id, reason) values ($1, $2, $3, $4)', [m.id, type, id, reason]);
    await report(reporter, 'comment', spam, 'spam');
    await report(viewer, 'comment', spam, 'advertising');
    await report(reporter, 'event', e.id, 'looks fake');

    type Row = Record<string, unknown> & { report_id: string; report_ids: string[] };
    const queue = async () => (await (await client(admin)).rpc('report_queue')).data as Row[];
    const [first, second] = await queue();
    expect(first).toMatchObject({
      target_type: 'comment', target_id: spam, report_count: 2, reasons: ['spam', 'advertising'], reporters: ['reporter', 'viewer'],
      event_id: e.id, event_slug: e.slug, event_title: 'Reported event', comment_body: 'Buy cheap watches at example.com',
      author_id: author.id, author_username: 'author', author_display_name: 'author', author_suspended: false,
      hidden: false, hidden_at: null, target_missing: false,
    });
    expect(first!.report_ids).toHaveLength(2);
    expect(first!.report_id).toBe(first!.report_ids[0]);
    expect(second).toMatchObject({ target_type: 'event', target_id: e.id, report_count: 1, author_username: 'host', comment_body: null });

    await g.sqlAs(admin)(`select public.hide_content('comment', $1, true)`, [spam]);
    expect((await queue())[0]).toMatchObject({ target_id: spam, hidden: true });
    await g.sqlAs(admin)(`select public.resolve_report($1, 'resolved')`, [first!.report_id]);
    expect((await queue()).map((r) => r.target_id)).toEqual([e.id]);
    const statuses = await g.sqlAs(admin)<{ status: string; resolved_by: string }>('select status, resolved_by from public.reports where target_id = $1', [spam]);
    expect(statuses).toEqual([{ status: 'resolved', resolved_by: admin.id }, { status: 'resolved', resolved_by: admin.id }]);
    const [logged] = (await logOf(first!.report_id)).filter((l) => l.action === 'report_resolved');
    expect(logged!.details).toMatchObject({ target_type: 'comment', target_id: spam });
    expect((logged!.details.report_ids as string[]).sort()).toEqual([...first!.report_ids].sort());

    expect(await expectAppError(g.sqlAs(admin)(`select public.resolve_report($1, 'dismissed')`, [first!.report_id]))).toMatchObject({ code: 'report_closed', status: 409 });
    expect(await expectAppError(g.sqlAs(admin)(`select public.resolve_report($1, 'ignored')`, [second!.report_id]))).toMatchObject({ code: 'invalid_status' });
    await g.sqlAs(admin)(`select public.resolve_report($1, 'dismissed')`, [second!.report_id]);
    expect(await queue()).toEqual([]);
    // Once closed, the same member may report the same thing again.
    await report(reporter, 'event', e.id, 'still looks fake');
  });
});

describe('suspension', () => {
  it('refuses sign-in and refresh, ends sessions, refuses writes, and is logged', async () => {
    const email = 'troll@test.example';
    const { data: created } = await g.service().auth.admin.createUser({ email, password: 'long enough', email_confirm: true, user_metadata: { username: 'troll' } });
    const id = created.user!.id;
    const app = g.client();
    const { data: signedIn, error } = await app.auth.signInWithPassword({ email, password: 'long enough' });
    expect(error).toBeNull();
    const { access_token, refresh_token } = signedIn.session!;
    const asTroll = g.as(() => access_token);
    expect((await asTroll.from('profiles').update({ bio: 'hi' }).eq('id', id).select('bio')).data).toEqual([{ bio: 'hi' }]);

    await g.sqlAs(admin)(`select public.suspend_user($1, true, 'Harassment in comments')`, [id]);
    const again = await g.client().auth.signInWithPassword({ email, password: 'long enough' });
    expect(again.error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' });
    expect(again.data.session).toBeNull();
    const refreshed = await g.client().auth.refreshSession({ refresh_token });
    expect(refreshed.error).toBeTruthy();
    expect(refreshed.data.session).toBeNull();
    const { rows } = await g.db.query<{ sessions: number; banned: boolean }>(
      `select (select count(*)::int from auth.sessions where user_id = $1) as sessions,
              (select banned_until > now() + interval '50 years' from auth.users where id = $1) as banned`, [id]);
    expect(rows[0]).toEqual({ sessions: 0, banned: true });
    // The access token still in their hands reads, but writes nothing.
    const write = await asTroll.from('profiles').update({ bio: 'defiant' }).eq('id', id);
    expect(write.error).toMatchObject({ code: 'suspended', message: 'Your account is suspended.' });
    expect(write.status).toBe(403);
    expect((await asTroll.from('profiles').select('bio').eq('id', id)).data).toEqual([{ bio: 'hi' }]);

    await g.sqlAs(admin)('select public.suspend_user($1, false, null)', [id]);
    expect((await g.client().auth.signInWithPassword({ email, password: 'long enough' })).error).toBeNull();
    expect((await logOf(id)).map((l) => [l.action, l.details.reason])).toEqual([['user_suspended', 'Harassment in comments'], ['user_restored', null]]);
  });
});
