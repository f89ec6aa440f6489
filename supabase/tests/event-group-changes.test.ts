import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';

// Changing an event's group is its owner's act, or its group's organizers' (issue 30, decision
// 0266): a co-host who organizes a group of their own cannot move the event there and so become
// its host, and the event stays where it is whatever the destination would allow.

let g: GatherServer;
let organizer: Member, coOrganizer: Member, eventOrganizer: Member, cohost: Member, admin: Member;
let home: { id: string };
const move = (who: Member, eventId: string, groupId: string | null) =>
  g.sqlAs(who)<{ id: string }>('update public.events set group_id = $2 where id = $1 returning id', [eventId, groupId]);
const groupOf = async (eventId: string) =>
  (await g.db.query<{ group_id: string | null }>('select group_id from public.events where id = $1', [eventId])).rows[0]!.group_id;
const addHost = (by: Member, eventId: string, username: string, role: string) =>
  g.sqlAs(by)('select public.add_event_host($1, $2, $3)', [eventId, username, role]);
const moved = { code: 'cannot_change_group', status: 403 };

beforeAll(async () => {
  g = await startGather();
  [organizer, coOrganizer, eventOrganizer, cohost, admin] = (await Promise.all(
    ['organizer', 'co_organizer', 'event_organizer', 'cohost', 'admin'].map((u) => g.member(u, { admin: u === 'admin' })),
  )) as [Member, Member, Member, Member, Member];
  home = await createGroup(g, organizer, { name: 'Home group' });
  for (const m of [coOrganizer, eventOrganizer, cohost]) await join(g, m, home.id);
  await g.sqlAs(organizer)(`select public.set_group_member_role($1, $2, 'co_organizer')`, [home.id, coOrganizer.id]);
  await g.sqlAs(organizer)(`select public.set_group_member_role($1, $2, 'event_organizer')`, [home.id, eventOrganizer.id]);
});
afterAll(() => g.stop());

/** An event of the home group hosted by the event organizer, with `cohost` as its co-host. */
async function groupEvent(fields: Record<string, unknown> = {}) {
  const e = await createEvent(g, eventOrganizer, { title: 'Group meetup', group_id: home.id, ...fields });
  await addHost(eventOrganizer, e.id, 'cohost', 'cohost');
  return e;
}

describe('a co-host moving an event', () => {
  it('into a group they organize is refused, and they do not become its host', async () => {
    const e = await groupEvent({ visibility: 'members' });
    const theirs = await createGroup(g, cohost, { name: 'Cohost own group' });
    expect(await expectAppError(move(cohost, e.id, theirs.id))).toEqual({
      ...moved, message: "Only the event's host or its group's organizers can move it to another group.",
    });
    expect(await groupOf(e.id)).toBe(home.id);
    // Still a co-host: the team is the owner's to change, and the group's organizers keep it.
    expect(await g.sqlAs(cohost)<{ r: string }>('select public.my_event_role($1) as r', [e.id])).toEqual([{ r: 'cohost' }]);
    const helper = await g.member('helper_one');
    expect(await expectAppError(addHost(cohost, e.id, helper.username, 'checker'))).toMatchObject({ code: 'not_host' });
    expect(await g.sqlAs(coOrganizer)<{ r: string }>('select public.my_event_role($1) as r', [e.id])).toEqual([{ r: 'host' }]);
  });

  it('that belongs to no group into one they organize is refused', async () => {
    const e = await createEvent(g, eventOrganizer, { title: 'Loose event' });
    await addHost(eventOrganizer, e.id, 'cohost', 'cohost');
    const theirs = await createGroup(g, cohost, { name: 'Cohost second group' });
    expect(await expectAppError(move(cohost, e.id, theirs.id))).toMatchObject(moved);
    expect(await groupOf(e.id)).toBeNull();
  });

  it('out of its group is refused, as it is for the group\'s event organizers who do not own it', async () => {
    const e = await createEvent(g, organizer, { title: 'Organizer event', group_id: home.id });
    await addHost(organizer, e.id, 'cohost', 'cohost');
    expect(await expectAppError(move(cohost, e.id, null))).toMatchObject(moved);
    // An event organizer co-hosts every event of the group, and owns only their own.
    expect(await expectAppError(move(eventOrganizer, e.id, null))).toMatchObject(moved);
    expect(await groupOf(e.id)).toBe(home.id);
  });
});

describe('who may change an event\'s group', () => {
  it('its owner, to a group where they may add events (the destination is still checked)', async () => {
    const e = await groupEvent();
    const other = await createGroup(g, organizer, { name: 'Other group' });
    expect(await expectAppError(move(eventOrganizer, e.id, other.id))).toMatchObject({ code: 'not_group_event_organizer', status: 403 });
    await join(g, eventOrganizer, other.id);
    await g.sqlAs(organizer)(`select public.set_group_member_role($1, $2, 'event_organizer')`, [other.id, eventOrganizer.id]);
    expect(await move(eventOrganizer, e.id, other.id)).toEqual([{ id: e.id }]);
    expect(await move(eventOrganizer, e.id, null)).toEqual([{ id: e.id }]);
    expect(await groupOf(e.id)).toBeNull();
  });

  it('the organizers and co-organizers of the group it leaves', async () => {
    const e = await groupEvent();
    expect(await move(coOrganizer, e.id, null)).toEqual([{ id: e.id }]);
    await move(eventOrganizer, e.id, home.id);
    const second = await createGroup(g, organizer, { name: 'Organizer second group' });
    expect(await move(organizer, e.id, second.id)).toEqual([{ id: e.id }]);
    expect(await groupOf(e.id)).toBe(second.id);
  });

  it('a site admin', async () => {
    const e = await groupEvent();
    expect(await move(admin, e.id, null)).toEqual([{ id: e.id }]);
  });

  it('other edits by a co-host still save', async () => {
    const e = await groupEvent();
    expect(await g.sqlAs(cohost)('update public.events set title = $2, group_id = $3 where id = $1 returning title', [e.id, 'Renamed', home.id]))
      .toEqual([{ title: 'Renamed' }]);
  });
});
