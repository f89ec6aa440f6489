import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';

// Groups reported, hidden and restored like events; a suspended organizer's groups withheld;
// everything in the moderation log (decision 0105).

let g: GatherServer;
let owner: Member, second: Member, member: Member, reporter: Member, stranger: Member, admin: Member;
const report = (m: Member, groupId: string, reason = 'Spam group') =>
  g.sqlAs(m)<{ id: string }>(`insert into public.reports (reporter_id, target_type, target_id, reason) values ($1, 'group', $2, $3) returning id`, [m.id, groupId, reason])
    .then((r) => r[0]!.id);
const sees = async (who: Member | 'anon', groupId: string, eventId: string) => ({
  group: (await g.sqlAs(who)('select 1 from public.groups where id = $1', [groupId])).length === 1,
  event: (await g.sqlAs(who)('select 1 from public.events where id = $1', [eventId])).length === 1,
  listed: (await g.sqlAs(who)('select 1 from public.search_groups() where id = $1', [groupId])).length === 1,
  discovered: (await g.sqlAs(who)('select 1 from public.search_events() where id = $1', [eventId])).length === 1,
});
const visible = { group: true, event: true, listed: true, discovered: true };
const gone = { group: false, event: false, listed: false, discovered: false };

beforeAll(async () => {
  g = await startGather();
  [owner, second, member, reporter, stranger, admin] = (await Promise.all(
    ['owner', 'second', 'member', 'reporter', 'stranger', 'admin'].map((u) => g.member(u, { admin: u === 'admin' })))) as [Member, Member, Member, Member, Member, Member];
});
afterAll(() => g.stop());

describe('reporting a group', () => {
  it('is for what one can see, once while open; the queue shows it with its creator', async () => {
    const grp = await createGroup(g, owner, { name: 'Dubious deals' });
    const id = await report(reporter, grp.id, '  Selling things  ');
    expect(await expectAppError(report(reporter, grp.id))).toMatchObject({ code: 'already_reported', status: 409 });
    expect(await expectAppError(report(reporter, '00000000-0000-4000-8000-00000000dead'))).toMatchObject({ code: 'report_target_not_found', status: 404 });
    await report(member, grp.id, 'Looks fake');
    expect(await g.sqlAs(stranger)('select id from public.reports')).toEqual([]);
    const queue = await g.sqlAs(admin)<Record<string, unknown>>(`select * from public.report_queue() where target_type = 'group'`);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({
      report_id: id, target_id: grp.id, report_count: 2, reasons: ['Selling things', 'Looks fake'], reporters: ['reporter', 'member'],
      group_id: grp.id, group_slug: grp.slug, group_name: 'Dubious deals', author_id: owner.id, author_username: 'owner',
      author_suspended: false, hidden: false, target_missing: false, event_id: null, comment_body: null,
    });
    expect(await expectAppError(g.sqlAs(owner)('select * from public.report_queue()'))).toMatchObject({ code: 'not_admin' });
    await g.sqlAs(admin)(`select public.resolve_report($1, 'dismissed')`, [id]);
    expect(await g.sqlAs(admin)(`select 1 from public.report_queue() where target_type = 'group'`)).toEqual([]);
  });
});

describe('hiding a group', () => {
  it('takes it, its events and its news away from everyone but its organizers and the admins, until restored', async () => {
    const grp = await createGroup(g, owner, { name: 'Hide me' });
    await join(g, member, grp.id);
    await join(g, second, grp.id);
    await g.sqlAs(owner)(`select public.set_group_member_role($1, $2, 'co_organizer')`, [grp.id, second.id]);
    const e = await createEvent(g, owner, { group_id: grp.id, title: 'In a hidden group' });
    expect(await expectAppError(g.sqlAs(owner)(`select public.hide_content('group', $1, true)`, [grp.id]))).toEqual({
      code: 'not_admin', message: 'Only site admins can do that.', status: 403,
    });
    await g.sqlAs(admin)(`select public.hide_content('group', $1, true, 'Spam')`, [grp.id]);
    for (const who of ['anon', stranger, member] as const) expect(await sees(who, grp.id, e.id)).toEqual(gone);
    // Its organizers keep it (to fix it), but it is listed nowhere.
    for (const who of [owner, second, admin]) expect(await sees(who, grp.id, e.id)).toEqual({ group: true, event: true, listed: false, discovered: false });
    expect(await expectAppError(join(g, stranger, grp.id))).toMatchObject({ code: 'group_not_found' });
    expect(await expectAppError(g.sqlAs(member)('select public.rsvp($1)', [e.id]))).toMatchObject({ code: 'event_not_found' });
    // No alerts go out for a hidden group's new events.
    const alerted = (title: string) => g.db.query(`select 1 from public.notifications where kind = 'group_event_published' and payload ->> 'title' = $1`, [title]).then((r) => r.rows.length);
    expect(await alerted('In a hidden group')).toBe(2); // before hiding: the member and the co-organizer
    await createEvent(g, owner, { group_id: grp.id, title: 'Quietly added' });
    expect(await alerted('Quietly added')).toBe(0);
    expect(await expectAppError(g.sqlAs(admin)(`select public.hide_content('group', $1, true, 'Spam')`, [admin.id]))).toMatchObject({ code: 'content_not_found' });
    expect(await expectAppError(g.sqlAs(admin)(`select public.hide_content('profile', $1, true)`, [admin.id]))).toEqual({
      code: 'invalid_target', message: 'Only comments, events and groups can be hidden.', status: 400,
    });

    await g.sqlAs(admin)(`select public.hide_content('group', $1, false)`, [grp.id]);
    for (const who of ['anon', stranger, member] as const) expect(await sees(who, grp.id, e.id)).toEqual(visible);
    const log = await g.sqlAs(admin)<{ action: string; actor_id: string; target_type: string; details: Record<string, unknown> }>(
      'select action, actor_id, target_type, details from public.moderation_log where target_id = $1 order by created_at', [grp.id]);
    expect(log.filter((l) => l.action.startsWith('content_'))).toEqual([
      // Each entry names what it is about and keeps the reason the organizers were given (decision 0310).
      { action: 'content_hidden', actor_id: admin.id, target_type: 'group',
        details: { name: 'Hide me', slug: grp.slug, target_name: 'Hide me', target_slug: grp.slug, reason: 'Spam' } },
      { action: 'content_restored', actor_id: admin.id, target_type: 'group',
        details: { name: 'Hide me', slug: grp.slug, target_name: 'Hide me', target_slug: grp.slug } },
    ]);
    const [queue] = await g.sqlAs(reporter)<{ id: string }>(`insert into public.reports (reporter_id, target_type, target_id, reason) values ($1, 'group', $2, 'x') returning id`, [reporter.id, grp.id]);
    await g.sqlAs(admin)(`select public.hide_content('group', $1, true, 'Spam')`, [grp.id]);
    expect((await g.sqlAs(admin)<{ hidden: boolean }>('select hidden from public.report_queue() where report_id = $1', [queue!.id]))[0]).toEqual({ hidden: true });
    // Hidden, it cannot be reported by those who no longer see it.
    expect(await expectAppError(report(stranger, grp.id))).toMatchObject({ code: 'report_target_not_found' });
  });
});

describe('a suspended organizer', () => {
  it('has their groups withheld until restored, or until another organizer takes over', async () => {
    const boss = await g.member('boss');
    const grp = await createGroup(g, boss, { name: 'Boss club' });
    await join(g, member, grp.id);
    await join(g, second, grp.id);
    await g.sqlAs(boss)(`select public.set_group_member_role($1, $2, 'co_organizer')`, [grp.id, second.id]);
    const e = await createEvent(g, boss, { group_id: grp.id, title: 'Boss night' });
    await g.sqlAs(admin)(`select public.suspend_user($1, true, 'scam')`, [boss.id]);
    for (const who of ['anon', stranger, member] as const) expect(await sees(who, grp.id, e.id)).toEqual(gone);
    expect(await sees(second, grp.id, e.id)).toMatchObject({ group: true, listed: false });
    // A co-organizer cannot demote an organizer; the boss cannot act at all.
    expect(await expectAppError(g.sqlAs(second)(`select public.set_group_member_role($1, $2, 'member')`, [grp.id, boss.id]))).toMatchObject({ code: 'not_group_organizer' });
    expect(await expectAppError(g.sqlAs(boss)('select public.leave_group($1)', [grp.id]))).toMatchObject({ code: 'suspended' });
    await g.sqlAs(admin)('select public.suspend_user($1, false)', [boss.id]);
    for (const who of ['anon', stranger, member] as const) expect(await sees(who, grp.id, e.id)).toEqual(visible);

    // With a second organizer, demoting the suspended one brings the group back.
    await g.sqlAs(boss)(`select public.set_group_member_role($1, $2, 'organizer')`, [grp.id, second.id]);
    await g.sqlAs(admin)(`select public.suspend_user($1, true, 'scam again')`, [boss.id]);
    expect(await sees('anon', grp.id, e.id)).toEqual(gone);
    await g.sqlAs(second)(`select public.set_group_member_role($1, $2, 'member')`, [grp.id, boss.id]);
    expect(await sees('anon', grp.id, e.id)).toMatchObject({ group: true, listed: true });
    const queue = await g.sqlAs(admin)<{ action: string }>(`select action from public.moderation_log where target_id in ($1, $2) order by created_at`, [grp.id, boss.id]);
    expect(queue.map((q) => q.action)).toEqual(expect.arrayContaining(['user_suspended', 'user_restored', 'group_role_changed']));
  });
});
