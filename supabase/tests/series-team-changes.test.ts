// A series follows its team (issue 30): a host who leaves a group's team (banned, removed, left,
// made a plain member) stops hosting new dates there — their series in that group end, the dates
// already made stay with the organizers (decision 0267) — and "this and following" and cancelling
// a series are for the team of every date they change (decision 0268).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';
import { createSeries, extendHorizons, type SeriesSummary } from './support/series.ts';

let g: GatherServer;
let organizer: Member, host: Member, cohost: Member, steady: Member, admin: Member;
let n = 0;
beforeAll(async () => {
  g = await startGather();
  [organizer, host, cohost, steady, admin] = (await Promise.all(
    ['st_organizer', 'st_host', 'st_cohost', 'st_steady', 'st_admin'].map((u) => g.member(u, { admin: u === 'st_admin' })),
  )) as [Member, Member, Member, Member, Member];
});
afterAll(() => g.stop());

/** Far enough ahead for the job to make every date of a 30-week series (from days ahead, whatever today is). */
const farAhead = () => new Date(Date.now() + 40 * 7 * 864e5).toISOString();
const datesOf = async (seriesId: string) =>
  Number((await g.db.query<{ n: string }>('select count(*) as n from public.events where series_id = $1', [seriesId])).rows[0]!.n);
const statusOf = async (seriesId: string) =>
  (await g.db.query<{ status: string }>('select status from public.event_series where id = $1', [seriesId])).rows[0]!.status;

/** A group where `organizer` organizes and `who` are event organizers. */
async function groupWith(...who: Member[]) {
  const grp = await createGroup(g, organizer, { name: `Series group ${++n}`, visibility: 'private' });
  for (const m of who) {
    await join(g, m, grp.id);
    await g.sqlAs(organizer)(`select public.set_group_member_role($1, $2, 'event_organizer')`, [grp.id, m.id]);
  }
  return grp;
}

/** A weekly members-only series of 30 dates hosted by `who` in the group, starting in 3 days. */
async function membersSeries(who: Member, groupId: string): Promise<SeriesSummary> {
  const first = await createEvent(g, who, { title: `Members weekly ${++n}`, group_id: groupId, visibility: 'members', days: 3 });
  return createSeries(g, who, first.id, 'FREQ=WEEKLY;COUNT=30');
}

describe('a group series whose host leaves the team', () => {
  for (const [how, act] of [
    ['banned', (gid: string) => g.sqlAs(organizer)(`select public.ban_group_member($1, $2, true, 'spam')`, [gid, host.id])],
    ['removed', (gid: string) => g.sqlAs(organizer)('select public.remove_group_member($1, $2)', [gid, host.id])],
    ['leaving', (gid: string) => g.sqlAs(host)('select public.leave_group($1)', [gid])],
    ['made a plain member', (gid: string) => g.sqlAs(organizer)(`select public.set_group_member_role($1, $2, 'member')`, [gid, host.id])],
  ] as const) {
    it(`ends when they are ${how}: the hourly job makes no more of its dates, the others' go on`, async () => {
      const grp = await groupWith(host, steady);
      const theirs = await membersSeries(host, grp.id);
      const others = await membersSeries(steady, grp.id);
      const made = await datesOf(theirs.id);
      expect(made).toBeGreaterThanOrEqual(8);
      expect(made).toBeLessThan(30);

      await act(grp.id);
      expect(await statusOf(theirs.id)).toBe('complete');
      await extendHorizons(g, farAhead());
      expect(await datesOf(theirs.id)).toBe(made);
      // The dates already made stay, run by the group's organizers.
      expect(await g.sqlAs(organizer)<{ r: string }>('select public.my_event_role($1) as r', [theirs.events[1]!.id])).toEqual([{ r: 'host' }]);
      expect(await datesOf(others.id)).toBe(30);
      expect(await statusOf(others.id)).toBe('complete');
    });
  }

  it('goes with its host when they delete their account', async () => {
    const leaver = await g.member('st_leaver');
    const grp = await groupWith(leaver);
    const theirs = await membersSeries(leaver, grp.id);
    await g.sqlAs(leaver)('select public.delete_my_account()');
    expect(await g.db.query('select 1 from public.event_series where id = $1', [theirs.id]).then((r) => r.rows)).toEqual([]);
  });

  it('ends with its group, whoever hosts it, and the job goes on making the other series', async () => {
    const grp = await groupWith();
    // A site admin may add events to a group they are not a member of.
    const gone = [await membersSeries(organizer, grp.id), await membersSeries(admin, grp.id)];
    const elsewhere = await membersSeries(organizer, (await groupWith()).id);
    await g.sqlAs(organizer)('select public.delete_group($1)', [grp.id]);
    for (const s of gone) expect(await statusOf(s.id)).toBe('complete');
    await extendHorizons(g, farAhead());
    expect(await datesOf(elsewhere.id)).toBe(30);
  });

  it('goes on in the groups whose team they are still on', async () => {
    const left = await groupWith(host);
    const kept = await groupWith(host);
    await membersSeries(host, left.id);
    const goesOn = await membersSeries(host, kept.id);
    await g.sqlAs(organizer)(`select public.ban_group_member($1, $2, true, 'spam')`, [left.id, host.id]);
    expect(await statusOf(goesOn.id)).toBe('active');
    await extendHorizons(g, farAhead());
    expect(await datesOf(goesOn.id)).toBe(30);
  });
});

describe('"this and following" by a co-host removed from the later dates', () => {
  const titles = async (s: SeriesSummary) =>
    (await g.db.query<{ title: string }>('select title from public.events where series_id = $1 order by series_position', [s.id])).rows.map((r) => r.title);
  const team = (eventId: string) => g.sqlAs(host)(`select public.add_event_host($1, $2, 'cohost')`, [eventId, cohost.username]);

  it('is refused for fields, another day or rule, questions and cancelling; a co-host of every date may', async () => {
    const first = await createEvent(g, host, { title: 'Book club', days: 2 });
    await team(first.id);
    await g.sqlAs(host)(`select public.add_event_host($1, $2, 'cohost')`, [first.id, steady.username]);
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;COUNT=6');
    expect(s.events).toHaveLength(6);
    for (const later of s.events.slice(2)) await g.sqlAs(host)('select public.remove_event_host($1, $2)', [later.id, cohost.id]);
    const [d1, d2] = s.events;

    const refused = { code: 'not_host', status: 403 };
    const from = (eventId: string, changes: Record<string, unknown>) =>
      g.sqlAs(cohost)('select public.update_series_from($1, $2)', [eventId, changes]);
    expect(await expectAppError(from(d1!.id, { title: 'Taken over' }))).toMatchObject(refused);
    expect(await expectAppError(from(d2!.id, { title: 'Taken over' }))).toMatchObject(refused);
    expect(await expectAppError(from(d1!.id, { rrule: 'FREQ=WEEKLY;COUNT=3' }))).toMatchObject(refused);
    const nextDay = new Date(Date.parse(d2!.starts_at) + 864e5).toISOString();
    expect(await expectAppError(from(d2!.id, { starts_at: nextDay }))).toMatchObject(refused);
    expect(await expectAppError(g.sqlAs(cohost)('select public.apply_questions_to_following($1)', [d1!.id]))).toMatchObject(refused);
    expect(await expectAppError(g.sqlAs(cohost)('select public.cancel_series($1)', [s.id]))).toMatchObject(refused);
    expect(await titles(s)).toEqual(Array(6).fill('Book club'));
    expect(await g.db.query('select 1 from public.events where series_id = $1 and status = $2', [s.id, 'cancelled']).then((r) => r.rows)).toEqual([]);

    // One date they still co-host is theirs to edit; a co-host of every date changes them all.
    await g.sqlAs(cohost)('update public.events set title = $2 where id = $1', [d1!.id, 'Book club (room 2)']);
    const [row] = await g.sqlAs(steady)<{ s: SeriesSummary & { updated: number } }>(
      'select public.update_series_from($1, $2) as s', [d2!.id, { title: 'Book club night' }]);
    expect(row!.s.updated).toBe(5);
    expect(await g.sqlAs(steady)('select public.cancel_series($1)', [row!.s.id])).toHaveLength(1);
  });

  it('is refused across the parts a series was split into, for questions', async () => {
    const first = await createEvent(g, host, { title: 'Chess club', days: 2 });
    await team(first.id);
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;COUNT=6');
    const [d1, , , d4, d5, d6] = s.events;
    await g.sqlAs(host)('select public.update_series_from($1, $2)', [d4!.id, { title: 'Chess club, new hall' }]);
    for (const later of [d5!, d6!]) await g.sqlAs(host)('select public.remove_event_host($1, $2)', [later.id, cohost.id]);
    expect(await expectAppError(g.sqlAs(cohost)('select public.apply_questions_to_following($1)', [d1!.id]))).toMatchObject({ code: 'not_host' });
    expect(await g.sqlAs(admin)<{ r: { dates: number } }>('select public.apply_questions_to_following($1) as r', [d1!.id]))
      .toEqual([{ r: { dates: 5 } }]);
  });
});
