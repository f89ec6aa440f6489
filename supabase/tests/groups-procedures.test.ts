import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';

// Every group procedure, its rules and its errors (decision 0106), and counts under concurrency.

let g: GatherServer;
let org: Member, co: Member, evo: Member, ana: Member, ben: Member, cy: Member, admin: Member;
let n = 0;
const fresh = (name: string) => g.member(`${name}_${++n}`);
const call = <T = unknown>(m: Member | 'anon', sql: string, params: unknown[] = []) => g.sqlAs(m)<{ r: T }>(`select ${sql} as r`, params).then((x) => x[0]!.r);
const err = (p: Promise<unknown>) => expectAppError(p);
const stats = (groupId: string) =>
  g.db.query<{ member_count: number; pending_count: number; banned_count: number }>(
    `select s.member_count, m.pending_count, m.banned_count from public.group_stats s join public.group_manager_stats m using (group_id) where group_id = $1`,
    [groupId]).then((r) => r.rows[0]);
const membership = (groupId: string, m: Member) =>
  g.db.query<{ role: string; status: string }>('select role, status from public.group_members where group_id = $1 and user_id = $2', [groupId, m.id])
    .then((r) => r.rows[0] ?? null);
const kinds = (m: Member, groupId: string) =>
  g.db.query<{ kind: string }>(`select kind from public.notifications where user_id = $1 and payload ->> 'group_id' = $2 order by created_at`, [m.id, groupId])
    .then((r) => r.rows.map((x) => x.kind));

/** A group run by `org` with `co` as co-organizer and `evo` as event organizer. */
async function team(fields: Record<string, unknown> = {}) {
  const grp = await createGroup(g, org, { name: `Team ${++n}`, ...fields });
  for (const m of [co, evo]) {
    await join(g, m, grp.id);
    if (fields.join_policy === 'approval') await call(org, 'public.decide_group_member($1, $2, true)', [grp.id, m.id]);
  }
  await call(org, `public.set_group_member_role($1, $2, 'co_organizer')`, [grp.id, co.id]);
  await call(org, `public.set_group_member_role($1, $2, 'event_organizer')`, [grp.id, evo.id]);
  return grp;
}

beforeAll(async () => {
  g = await startGather();
  [org, co, evo, ana, ben, cy, admin] = (await Promise.all(
    ['org', 'co', 'evo', 'ana', 'ben', 'cy', 'admin'].map((u) => g.member(u, { admin: u === 'admin' })))) as [Member, Member, Member, Member, Member, Member, Member];
});
afterAll(() => g.stop());

describe('creating and editing a group', () => {
  it('checks the form in its words', async () => {
    expect(await err(createGroup(g, ana, { name: 'ab' }))).toEqual({ code: 'invalid_group_name', message: 'The name must be 3 to 80 characters long.', status: 400 });
    expect(await err(createGroup(g, ana, { name: 'x'.repeat(81) }))).toMatchObject({ code: 'invalid_group_name' });
    expect(await err(createGroup(g, ana, { about: 'x'.repeat(20001) }))).toEqual({ code: 'invalid_about', message: 'The about text can be at most 20,000 characters long.', status: 400 });
    expect(await err(createGroup(g, ana, { city: '  ' }))).toEqual({ code: 'missing_city', message: "Choose the group's home city on the map.", status: 400 });
    expect(await err(createGroup(g, ana, { lat: null }))).toMatchObject({ code: 'missing_city' });
    expect(await err(createGroup(g, ana, { city: 'x'.repeat(121) }))).toEqual({ code: 'invalid_city', message: 'The city can be at most 120 characters long.', status: 400 });
    expect(await err(createGroup(g, ana, { lat: 91 }))).toMatchObject({ code: 'invalid_location' });
    const ok = await createGroup(g, ana, { name: '  Trimmed name  ', about: 'x'.repeat(20000) });
    expect(ok.slug).toBe('trimmed-name');
    // Same name, new slug; renaming keeps the slug.
    const again = await createGroup(g, ben, { name: 'Trimmed name' });
    expect(again.slug).toMatch(/^trimmed-name-[0-9a-f]{6}$/);
    await g.sqlAs(ana)(`update public.groups set name = 'Renamed' where id = $1`, [ok.id]);
    expect((await g.db.query('select slug from public.groups where id = $1', [ok.id])).rows[0]).toEqual({ slug: 'trimmed-name' });
    expect(await err(g.sqlAs(ana)(`update public.groups set name = 'no' where id = $1`, [ok.id]))).toMatchObject({ code: 'invalid_group_name' });
  });

  it('allows ten new groups a day per member', async () => {
    const busy = await fresh('busy');
    for (let i = 0; i < 10; i++) await createGroup(g, busy, { name: `Busy ${i}` });
    expect(await err(createGroup(g, busy, { name: 'One more' }))).toEqual({
      code: 'rate_limited', message: "You're doing that too often. Try again in a minute.", status: 429,
    });
  });
});

describe('join_group, leave_group, decide_group_member', () => {
  it('joins an open group at once, and says so again when asked twice', async () => {
    const grp = await team();
    expect(await join(g, ana, grp.id)).toBe('active');
    expect(await join(g, ana, grp.id)).toBe('active');
    expect(await stats(grp.id)).toEqual({ member_count: 4, pending_count: 0, banned_count: 0 });
    expect(await membership(grp.id, ana)).toEqual({ role: 'member', status: 'active' });
  });

  it('asks to join an approval group; organizers are told, accept or decline, and the person is told', async () => {
    const grp = await team({ join_policy: 'approval', visibility: 'private' });
    expect(await join(g, ana, grp.id)).toBe('pending');
    expect(await join(g, ben, grp.id)).toBe('pending');
    expect(await join(g, ana, grp.id)).toBe('pending');
    expect(await stats(grp.id)).toEqual({ member_count: 3, pending_count: 2, banned_count: 0 });
    const asked = async (m: Member) => (await kinds(m, grp.id)).filter((k) => k === 'group_join_requested').length;
    // The organizer also heard of the team's own two requests (team() approves them).
    expect([await asked(org), await asked(co), await asked(evo)]).toEqual([4, 2, 0]);
    const [note] = (await g.db.query(`select payload from public.notifications where user_id = $1 and kind = 'group_join_requested' and payload ->> 'user_id' = $2`, [org.id, ana.id])).rows as { payload: Record<string, unknown> }[];
    // Host news carries who asked, by name, for the bell (decision 0311).
    expect(note!.payload).toEqual({ group_id: grp.id, group_slug: grp.slug, group_name: expect.stringMatching(/^Team /), user_id: ana.id, display_name: 'ana' });

    expect(await err(call(evo, 'public.decide_group_member($1, $2, true)', [grp.id, ana.id]))).toEqual({
      code: 'not_group_manager', message: "Only the group's organizers and co-organizers can do that.", status: 403,
    });
    expect(await err(call(ana, 'public.decide_group_member($1, $2, true)', [grp.id, ana.id]))).toMatchObject({ code: 'not_group_manager' });
    expect(await call(co, 'public.decide_group_member($1, $2, true)', [grp.id, ana.id])).toBe('active');
    expect(await call(org, 'public.decide_group_member($1, $2, false)', [grp.id, ben.id])).toBe('declined');
    expect(await err(call(org, 'public.decide_group_member($1, $2, true)', [grp.id, ben.id]))).toEqual({
      code: 'request_not_pending', message: 'There is no pending request from this person.', status: 409,
    });
    expect(await err(call(org, 'public.decide_group_member($1, $2, null)', [grp.id, ben.id]))).toMatchObject({ code: 'invalid_request' });
    expect(await kinds(ana, grp.id)).toEqual(['group_join_approved']);
    expect(await kinds(ben, grp.id)).toEqual(['group_join_declined']);
    expect(await membership(grp.id, ben)).toBeNull();
    expect(await stats(grp.id)).toEqual({ member_count: 4, pending_count: 0, banned_count: 0 });
    // Declined, one may ask again.
    expect(await join(g, ben, grp.id)).toBe('pending');
    // A request can be withdrawn.
    await call(ben, 'public.leave_group($1)', [grp.id]);
    expect(await stats(grp.id)).toMatchObject({ pending_count: 0 });
  });

  it('refuses what it cannot do, with the catalogue\'s words', async () => {
    const grp = await team();
    const nowhere = '00000000-0000-4000-8000-00000000dead';
    expect(await err(join(g, ana, nowhere))).toEqual({ code: 'group_not_found', message: 'This group does not exist or is not visible to you.', status: 404 });
    await expect(g.sqlAs('anon')('select public.join_group($1)', [grp.id])).rejects.toMatchObject({ code: '42501' });
    const { error, status } = await g.anon().rpc('join_group', { group_id: grp.id });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
    expect(await err(call(cy, 'public.leave_group($1)', [grp.id]))).toEqual({ code: 'not_group_member', message: "You're not a member of this group.", status: 404 });
    expect(await err(call(org, 'public.leave_group($1)', [grp.id]))).toEqual({
      code: 'last_organizer', status: 409,
      message: expect.stringMatching(/^Team \d+ needs at least one organizer\. Make another member an organizer first, or delete the group\.$/),
    });
    const sus = await fresh('sus');
    await call(admin, 'public.suspend_user($1, true, null)', [sus.id]);
    expect(await err(join(g, sus, grp.id))).toMatchObject({ code: 'suspended', status: 403 });
  });

  it('leaving cancels one\'s RSVPs to the members-only events, and the waitlist moves up', async () => {
    const grp = await team();
    const [a, b] = [await fresh('leaver'), await fresh('next')];
    for (const m of [a, b]) await join(g, m, grp.id);
    const members = await createEvent(g, org, { group_id: grp.id, visibility: 'members', capacity: 1 });
    const open = await createEvent(g, org, { group_id: grp.id });
    for (const e of [members.id, open.id]) for (const m of [a, b]) await call(m, 'public.rsvp($1)', [e]);
    await call(a, 'public.leave_group($1)', [grp.id]);
    const status = (e: string, m: Member) => g.db.query('select status from public.rsvps where event_id = $1 and user_id = $2', [e, m.id]).then((r) => r.rows[0]);
    expect(await status(members.id, a)).toEqual({ status: 'cancelled' });
    expect(await status(members.id, b)).toEqual({ status: 'going' });
    expect(await status(open.id, a)).toEqual({ status: 'going' }); // a public event stays theirs
    expect((await g.db.query(`select kind from public.notifications where user_id = $1 and payload ->> 'event_id' = $2 and kind like 'rsvp_%'`, [b.id, members.id])).rows).toEqual([{ kind: 'rsvp_promoted' }]);
    expect(await stats(grp.id)).toMatchObject({ member_count: 4 });
  });
});

describe('roles', () => {
  it('organizers and co-organizers set roles; only organizers touch organizers', async () => {
    const grp = await team();
    await join(g, ana, grp.id);
    const set = (by: Member, who: Member, role: string | null) => call(by, 'public.set_group_member_role($1, $2, $3)', [grp.id, who.id, role]);
    expect(await err(set(org, ana, 'king'))).toEqual({ code: 'invalid_group_role', message: 'Choose organizer, co-organizer, event organizer or member.', status: 400 });
    expect(await err(set(org, ana, null))).toMatchObject({ code: 'invalid_group_role' });
    expect(await err(set(org, cy, 'member'))).toEqual({ code: 'member_not_found', message: 'This person is not a member of the group.', status: 404 });
    expect(await err(set(evo, ana, 'event_organizer'))).toMatchObject({ code: 'not_group_manager' });
    expect(await err(set(ana, ana, 'co_organizer'))).toMatchObject({ code: 'not_group_manager' });
    await set(co, ana, 'event_organizer');
    expect(await membership(grp.id, ana)).toEqual({ role: 'event_organizer', status: 'active' });
    expect(await err(set(co, ana, 'organizer'))).toEqual({ code: 'not_group_organizer', message: 'Only an organizer of the group can do that.', status: 403 });
    expect(await err(set(co, org, 'member'))).toMatchObject({ code: 'not_group_organizer' });
    expect(await err(set(org, org, 'co_organizer'))).toMatchObject({ code: 'last_organizer' });
    await set(org, ana, 'organizer');
    await set(org, org, 'co_organizer'); // now there is another organizer
    expect(await membership(grp.id, org)).toEqual({ role: 'co_organizer', status: 'active' });
    await set(ana, org, 'organizer');
    const changed = await g.db.query<{ payload: Record<string, unknown> }>(
      `select payload from public.notifications where user_id = $1 and kind = 'group_role_changed' and payload ->> 'group_id' = $2 order by created_at`, [ana.id, grp.id]);
    expect(changed.rows.map((r) => r.payload.role)).toEqual(['event_organizer', 'organizer']);
    expect(changed.rows[0]!.payload).toMatchObject({ group_slug: grp.slug, from_name: 'co' });
    const log = await g.sqlAs(admin)<{ details: Record<string, unknown> }>(
      `select details from public.moderation_log where action = 'group_role_changed' and target_id = $1 order by created_at`, [grp.id]);
    expect(log.map((l) => `${l.details.username}:${l.details.from}>${l.details.to}`)).toContain(`${ana.username}:event_organizer>organizer`);
  });

  it('transfer_group hands the group over: they organize, the caller co-organizes', async () => {
    const grp = await team();
    await join(g, ana, grp.id);
    expect(await err(call(co, 'public.transfer_group($1, $2)', [grp.id, ana.id]))).toMatchObject({ code: 'not_group_organizer' });
    expect(await err(call(org, 'public.transfer_group($1, $2)', [grp.id, org.id]))).toMatchObject({ code: 'invalid_request' });
    expect(await err(call(org, 'public.transfer_group($1, $2)', [grp.id, cy.id]))).toMatchObject({ code: 'member_not_found' });
    await call(org, 'public.transfer_group($1, $2)', [grp.id, ana.id]);
    expect(await membership(grp.id, ana)).toEqual({ role: 'organizer', status: 'active' });
    expect(await membership(grp.id, org)).toEqual({ role: 'co_organizer', status: 'active' });
    // The old organizer may leave now; the new one may not (the last).
    expect(await err(call(ana, 'public.leave_group($1)', [grp.id]))).toMatchObject({ code: 'last_organizer' });
    await call(org, 'public.leave_group($1)', [grp.id]);
  });
});

describe('remove_group_member and ban_group_member', () => {
  it('removes a member, who may come back', async () => {
    const grp = await team();
    await join(g, ana, grp.id);
    const members = await createEvent(g, evo, { group_id: grp.id, visibility: 'members' });
    await call(ana, 'public.rsvp($1)', [members.id]);
    expect(await err(call(evo, 'public.remove_group_member($1, $2)', [grp.id, ana.id]))).toMatchObject({ code: 'not_group_manager' });
    expect(await err(call(co, 'public.remove_group_member($1, $2)', [grp.id, co.id]))).toEqual({ code: 'cannot_remove_self', message: 'To leave the group, use Leave group.', status: 409 });
    expect(await err(call(co, 'public.remove_group_member($1, $2)', [grp.id, org.id]))).toMatchObject({ code: 'not_group_organizer' });
    expect(await err(call(co, 'public.remove_group_member($1, $2)', [grp.id, cy.id]))).toMatchObject({ code: 'member_not_found' });
    await call(co, 'public.remove_group_member($1, $2)', [grp.id, ana.id]);
    expect(await membership(grp.id, ana)).toBeNull();
    expect((await g.db.query('select status from public.rsvps where event_id = $1 and user_id = $2', [members.id, ana.id])).rows).toEqual([{ status: 'cancelled' }]);
    expect(await err(call(ana, 'public.rsvp($1)', [members.id]))).toMatchObject({ code: 'event_not_found' });
    expect(await join(g, ana, grp.id)).toBe('active');
    expect(await call(ana, `public.rsvp($1) ->> 'status'`, [members.id])).toBe('going');
    const log = await g.sqlAs(admin)<{ action: string }>(`select action from public.moderation_log where target_id = $1 and action like 'group_member_%'`, [grp.id]);
    expect(log).toEqual([{ action: 'group_member_removed' }]);
  });

  it('bans keep someone out (joining, asking, RSVPing) until lifted; their RSVPs to the group\'s events go', async () => {
    const grp = await team({ join_policy: 'approval' });
    const [a, b, stranger] = [await fresh('bannee'), await fresh('asker'), await fresh('stranger')];
    await join(g, a, grp.id);
    await call(org, 'public.decide_group_member($1, $2, true)', [grp.id, a.id]);
    await join(g, b, grp.id);
    const open = await createEvent(g, org, { group_id: grp.id });
    await call(a, 'public.rsvp($1)', [open.id]);
    expect(await err(call(evo, 'public.ban_group_member($1, $2, true)', [grp.id, a.id]))).toMatchObject({ code: 'not_group_manager' });
    expect(await err(call(co, 'public.ban_group_member($1, $2, true)', [grp.id, co.id]))).toMatchObject({ code: 'cannot_remove_self' });
    expect(await err(call(co, 'public.ban_group_member($1, $2, true)', [grp.id, org.id]))).toMatchObject({ code: 'not_group_organizer' });
    expect(await err(call(co, 'public.ban_group_member($1, $2, true)', [grp.id, '00000000-0000-4000-8000-00000000dead']))).toMatchObject({ code: 'user_not_found' });
    expect(await err(call(co, 'public.ban_group_member($1, $2, null)', [grp.id, a.id]))).toMatchObject({ code: 'invalid_request' });
    expect(await err(call(co, 'public.ban_group_member($1, $2, true, $3)', [grp.id, a.id, 'x'.repeat(1001)]))).toMatchObject({ code: 'invalid_reason' });
    expect(await err(call(co, 'public.ban_group_member($1, $2, false)', [grp.id, a.id]))).toEqual({
      code: 'member_not_banned', message: 'This person is not banned from the group.', status: 409,
    });
    await call(co, 'public.ban_group_member($1, $2, true, $3)', [grp.id, a.id, 'spam']);
    await call(co, 'public.ban_group_member($1, $2, true)', [grp.id, b.id]); // a pending request
    await call(co, 'public.ban_group_member($1, $2, true)', [grp.id, stranger.id]); // before they ever join
    await call(co, 'public.ban_group_member($1, $2, true)', [grp.id, stranger.id]); // again: nothing changes
    expect(await stats(grp.id)).toEqual({ member_count: 3, pending_count: 0, banned_count: 3 });
    expect((await g.db.query('select status from public.rsvps where event_id = $1 and user_id = $2', [open.id, a.id])).rows).toEqual([{ status: 'cancelled' }]);
    for (const m of [a, b, stranger]) expect(await err(join(g, m, grp.id))).toEqual({ code: 'banned_from_group', message: "You can't join this group.", status: 403 });
    expect(await err(call(a, 'public.rsvp($1)', [open.id]))).toEqual({ code: 'banned_from_group', message: "You can't RSVP to this group's events.", status: 403 });
    expect(await err(call(a, 'public.leave_group($1)', [grp.id]))).toMatchObject({ code: 'not_group_member' });
    await call(org, 'public.ban_group_member($1, $2, false)', [grp.id, a.id]);
    expect(await join(g, a, grp.id)).toBe('pending');
    const log = await g.sqlAs(admin)<{ action: string; details: Record<string, unknown> }>(
      `select action, details from public.moderation_log where target_id = $1 and action like 'group_member_%' order by created_at`, [grp.id]);
    expect(log.map((l) => `${l.action}:${l.details.username}`)).toEqual([
      `group_member_banned:${a.username}`, `group_member_banned:${b.username}`, `group_member_banned:${stranger.username}`, `group_member_unbanned:${a.username}`,
    ]);
    expect(log[0]!.details.reason).toBe('spam');
  });
});

describe('delete_group', () => {
  it('is the organizer\'s, only while no upcoming event has RSVPs; events and memberships go with it', async () => {
    const grp = await team();
    await join(g, ana, grp.id);
    const e = await createEvent(g, evo, { group_id: grp.id, title: 'Blocking picnic' });
    const draft = await createEvent(g, evo, { group_id: grp.id, title: 'Draft plan', status: 'draft' });
    await call(ana, 'public.rsvp($1)', [e.id]);
    expect(await err(call(co, 'public.delete_group($1)', [grp.id]))).toMatchObject({ code: 'not_group_organizer' });
    expect(await err(call(org, 'public.delete_group($1)', [grp.id]))).toEqual({
      code: 'group_has_upcoming_events', status: 409,
      message: 'The group has upcoming events that people have RSVPed to ("Blocking picnic"). Cancel them first, then delete the group.',
    });
    await g.sqlAs(evo)(`update public.events set status = 'cancelled' where id = $1`, [e.id]);
    await call(org, 'public.delete_group($1)', [grp.id]);
    expect((await g.db.query('select 1 from public.groups where id = $1', [grp.id])).rows).toEqual([]);
    expect((await g.db.query('select 1 from public.group_members where group_id = $1', [grp.id])).rows).toEqual([]);
    expect((await g.db.query('select 1 from public.events where id = any($1::uuid[])', [[e.id, draft.id]])).rows).toEqual([]);
    const log = await g.sqlAs(admin)<{ details: Record<string, unknown> }>(`select details from public.moderation_log where action = 'group_deleted' and target_id = $1`, [grp.id]);
    // The entry names what it was about (decision 0310).
    expect(log[0]!.details).toEqual({ name: expect.stringMatching(/^Team /), slug: grp.slug, target_name: expect.stringMatching(/^Team /), target_slug: grp.slug });
  });

  it('a sole organizer cannot delete their account until the group has another organizer or is gone', async () => {
    const owner = await fresh('owner');
    const grp = await createGroup(g, owner, { name: 'Orphan risk' });
    await join(g, ana, grp.id);
    expect(await err(call(owner, 'public.delete_my_account()'))).toMatchObject({ code: 'last_organizer', message: expect.stringContaining('Orphan risk needs at least one organizer') });
    await call(owner, 'public.delete_group($1)', [grp.id]);
    await call(owner, 'public.delete_my_account()');
    expect((await g.db.query('select 1 from public.profiles where id = $1', [owner.id])).rows).toEqual([]);
    // A member's account going takes their membership, and the count follows.
    const leaving = await fresh('leaving');
    const kept = await createGroup(g, ben, { name: 'Kept group' });
    await join(g, leaving, kept.id);
    expect(await stats(kept.id)).toMatchObject({ member_count: 2 });
    await call(leaving, 'public.delete_my_account()');
    expect(await stats(kept.id)).toMatchObject({ member_count: 1 });
  });
});

describe('discovery', () => {
  it('search_groups finds groups by words, category, distance and membership, with counts and the next event', async () => {
    const seeker = await fresh('seeker');
    const owner = await fresh('climber');
    const climbing = await createGroup(g, owner, { name: 'Porto Climbers', category: 'health', city: 'Porto', lat: 41.15, lng: -8.61, about: 'Bouldering every week' });
    const secret = await createGroup(g, owner, { name: 'Porto Secret Society', category: 'health', city: 'Porto', lat: 41.15, lng: -8.61, visibility: 'private' });
    await join(g, seeker, climbing.id);
    await createEvent(g, owner, { group_id: climbing.id, title: 'Later wall', days: 9 });
    await createEvent(g, owner, { group_id: climbing.id, title: 'Next wall', days: 3 });
    await createEvent(g, owner, { group_id: secret.id, title: 'Secret meeting', days: 2 });
    const search = (m: Member | 'anon', args: Record<string, unknown>) =>
      g.sqlAs(m)<Record<string, unknown>>(
        `select * from public.search_groups(query => $1, category => $2, near_lat => $3, near_lng => $4, radius_km => $5, only_mine => $6)`,
        [args.query ?? null, args.category ?? null, args.lat ?? null, args.lng ?? null, args.radius ?? null, args.mine ?? false]);
    const rows = await search(seeker, { query: 'bouldering' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      slug: climbing.slug, name: 'Porto Climbers', city: 'Porto', member_count: 2, next_event_title: 'Next wall',
      my_status: 'active', my_role: 'member', visibility: 'public', join_policy: 'open', distance_km: null,
    });
    const near = await search('anon', { lat: 41.16, lng: -8.6, radius: 20, category: 'health' });
    expect(near.map((r) => r.name).sort()).toEqual(['Porto Climbers', 'Porto Secret Society']);
    expect(near.every((r) => (r.distance_km as number) < 20)).toBe(true);
    // A private group's next event is its members' business.
    expect(near.find((r) => r.name === 'Porto Secret Society')).toMatchObject({ next_event_title: null, my_status: null });
    expect((await search(owner, { query: 'secret' }))[0]).toMatchObject({ next_event_title: 'Secret meeting', my_role: 'organizer' });
    expect((await search(seeker, { mine: true })).map((r) => r.name)).toEqual(['Porto Climbers']);
    expect(await search('anon', { lat: 0, lng: 0, radius: 50 })).toEqual([]);
    await g.db.query('update public.groups set hidden_at = now() where id = $1', [climbing.id]);
    expect(await search(owner, { query: 'bouldering' })).toEqual([]);
    await g.db.query('update public.groups set hidden_at = null where id = $1', [climbing.id]);
  });

  it('Discover lists members-only events to members, and keeps to my groups when asked', async () => {
    const owner = await fresh('host');
    const fan = await fresh('fan');
    const grp = await createGroup(g, owner, { name: 'Discover club' });
    await join(g, fan, grp.id);
    const far = { venue_name: 'Far hall', lat: -45, lng: 170 };
    await createEvent(g, owner, { group_id: grp.id, visibility: 'members', title: 'Members night', ...far });
    await createEvent(g, owner, { group_id: grp.id, title: 'Open night', ...far });
    await createEvent(g, ana, { title: 'Not a group night', ...far });
    const search = (m: Member | 'anon', mine: boolean) =>
      g.sqlAs(m)<{ title: string }>('select title from public.search_events(near_lat => -45, near_lng => 170, radius_km => 5, in_my_groups => $1)', [mine])
        .then((r) => r.map((x) => x.title).sort());
    const near = (m: Member | 'anon', mine: boolean) =>
      g.sqlAs(m)<{ title: string }>('select title from public.events_near(-45, 170, 5, in_my_groups => $1)', [mine]).then((r) => r.map((x) => x.title).sort());
    for (const f of [search, near]) {
      expect(await f('anon', false)).toEqual(['Not a group night', 'Open night']);
      expect(await f(cy, false)).toEqual(['Not a group night', 'Open night']);
      expect(await f(fan, false)).toEqual(['Members night', 'Not a group night', 'Open night']);
      expect(await f(fan, true)).toEqual(['Members night', 'Open night']);
      expect(await f(cy, true)).toEqual([]);
      expect(await f('anon', true)).toEqual([]);
    }
  });

  it('event_group_gate names the group of an event the caller may not open, and nothing else', async () => {
    const owner = await fresh('gatekeeper');
    const grp = await createGroup(g, owner, { name: 'Gated club', join_policy: 'approval' });
    const e = await createEvent(g, owner, { group_id: grp.id, visibility: 'members', title: 'Behind the gate' });
    const pub = await createEvent(g, owner, { group_id: grp.id, title: 'In front of the gate' });
    const gate = (m: Member | 'anon', slug: string) => call<Record<string, unknown> | null>(m, 'public.event_group_gate($1)', [slug]);
    expect(await gate('anon', e.slug)).toEqual({ group_id: grp.id, slug: grp.slug, name: 'Gated club', logo_path: null, visibility: 'public', join_policy: 'approval', my_status: null });
    expect(await gate(cy, e.slug)).toMatchObject({ name: 'Gated club', my_status: null });
    await join(g, cy, grp.id);
    expect(await gate(cy, e.slug)).toMatchObject({ my_status: 'pending' });
    expect(await gate(owner, e.slug)).toBeNull();
    expect(await gate('anon', pub.slug)).toBeNull();
    expect(await gate('anon', 'no-such-event')).toBeNull();
  });
});

describe('concurrency', () => {
  it('200 simultaneous joins make exactly 200 more members; leaves and joins at once stay exact', async () => {
    const grp = await createGroup(g, org, { name: 'Crowded club' });
    const crowd = await Promise.all(Array.from({ length: 200 }, (_, i) => g.member(`joiner${i}`)));
    const results = await Promise.all(crowd.map((m) => join(g, m, grp.id)));
    expect(results.every((s) => s === 'active')).toBe(true);
    // The organizer and the 200.
    expect(await stats(grp.id)).toEqual({ member_count: 201, pending_count: 0, banned_count: 0 });
    const late = await Promise.all(Array.from({ length: 50 }, (_, i) => g.member(`late${i}`)));
    await Promise.all([
      ...crowd.slice(0, 100).map((m) => call(m, 'public.leave_group($1)', [grp.id])),
      ...late.map((m) => join(g, m, grp.id)),
    ]);
    expect(await stats(grp.id)).toMatchObject({ member_count: 151 });
    const real = await g.db.query<{ n: number }>(`select count(*)::int as n from public.group_members where group_id = $1 and status = 'active'`, [grp.id]);
    expect(real.rows[0]!.n).toBe(151);
  });

  it('200 simultaneous requests, then 200 simultaneous approvals, keep both counts exact', async () => {
    const grp = await team({ join_policy: 'approval' });
    const crowd = await Promise.all(Array.from({ length: 200 }, (_, i) => g.member(`asker${i}`)));
    await Promise.all(crowd.map((m) => join(g, m, grp.id)));
    expect(await stats(grp.id)).toEqual({ member_count: 3, pending_count: 200, banned_count: 0 });
    await Promise.all(crowd.map((m, i) => call(i % 2 ? org : co, 'public.decide_group_member($1, $2, true)', [grp.id, m.id])));
    expect(await stats(grp.id)).toEqual({ member_count: 203, pending_count: 0, banned_count: 0 });
  });
});
