import { createEvent, type GatherServer, type Member } from './gather-server.ts';

/** Everyone issue 15's rules tell apart, two groups and the events they hold. */
export interface GroupCast {
  organizer: Member;
  coOrganizer: Member;
  eventOrganizer: Member;
  /** An active member of both groups. */
  member: Member;
  /** Asked to join the private group (approval); no membership in the public one. */
  pending: Member;
  /** Banned from both groups. */
  banned: Member;
  /** Signed in, in no group. */
  outsider: Member;
  admin: Member;
  /** A public group anyone may join. */
  open: Group;
  /** A private group that asks for approval. */
  closed: Group;
}

export interface Group {
  id: string;
  slug: string;
  /** A published public event of the group, a week away. */
  publicEvent: string;
  /** A published members-only event, a week away. */
  membersEvent: string;
}

export const place = { city: 'Lisbon', lat: 38.7223, lng: -9.1393 };

/** A group created by `by` through the API (so the creator becomes its organizer). */
export async function createGroup(g: GatherServer, by: Member, fields: Record<string, unknown> = {}): Promise<{ id: string; slug: string }> {
  const row: Record<string, unknown> = { name: 'Test group', about: 'About us', category: 'tech', ...place, ...fields };
  const cols = Object.keys(row);
  const rows = await g.sqlAs(by)<{ id: string; slug: string }>(
    `insert into public.groups (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id, slug`,
    cols.map((c) => row[c]),
  );
  return rows[0]!;
}

export const join = (g: GatherServer, m: Member, groupId: string) =>
  g.sqlAs(m)<{ s: string }>('select public.join_group($1) as s', [groupId]).then((r) => r[0]!.s);

export async function makeGroupCast(g: GatherServer): Promise<GroupCast> {
  const names = ['organizer', 'co_organizer', 'event_organizer', 'member', 'pending', 'banned', 'outsider', 'admin'];
  const [organizer, coOrganizer, eventOrganizer, member, pending, banned, outsider, admin] = (await Promise.all(
    names.map((u) => g.member(u, { admin: u === 'admin' })),
  )) as Member[] as [Member, Member, Member, Member, Member, Member, Member, Member];
  const build = async (fields: Record<string, unknown>): Promise<Group> => {
    const grp = await createGroup(g, organizer, fields);
    for (const m of [coOrganizer, eventOrganizer, member, banned]) {
      await join(g, m, grp.id);
      if (fields.join_policy === 'approval') await g.sqlAs(organizer)('select public.decide_group_member($1, $2, true)', [grp.id, m.id]);
    }
    await g.sqlAs(organizer)(`select public.set_group_member_role($1, $2, 'co_organizer')`, [grp.id, coOrganizer.id]);
    await g.sqlAs(organizer)(`select public.set_group_member_role($1, $2, 'event_organizer')`, [grp.id, eventOrganizer.id]);
    const publicEvent = (await createEvent(g, eventOrganizer, { title: `${fields.name} public`, group_id: grp.id })).id;
    const membersEvent = (await createEvent(g, organizer, { title: `${fields.name} members`, group_id: grp.id, visibility: 'members' })).id;
    await g.sqlAs(organizer)(`select public.ban_group_member($1, $2, true, 'spam')`, [grp.id, banned.id]);
    return { ...grp, publicEvent, membersEvent };
  };
  const open = await build({ name: 'Open circle' });
  const closed = await build({ name: 'Closed circle', visibility: 'private', join_policy: 'approval' });
  await join(g, pending, closed.id);
  return { organizer, coOrganizer, eventOrganizer, member, pending, banned, outsider, admin, open, closed };
}
