import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, makeGroupCast, type GroupCast } from './support/group-cast.ts';

// The groups' policies probe sets of group ids computed once per statement (migration
// 20261124200500, decision 0108); procedures still ask the per-group checks. Both must say the
// same for every identity, about public, private, hidden and withheld groups alike.

let g: GatherServer;
let c: GroupCast;

beforeAll(async () => {
  g = await startGather();
  c = await makeGroupCast(g);
  // A hidden group, and one withheld because its organizer is suspended.
  const hidden = await createGroup(g, c.organizer, { name: 'Hidden circle' });
  await g.db.query('update public.groups set hidden_at = now() where id = $1', [hidden.id]);
  const boss = await g.member('boss');
  await createGroup(g, boss, { name: 'Suspended boss circle' });
  await g.sqlAs(c.admin)(`select public.suspend_user($1, true, 'scam')`, [boss.id]);
});
afterAll(() => g.stop());

const PAIRS = [
  ['can_see_group', 'seeable_group_ids'],
  ['can_view_group_content', 'content_group_ids'],
  ['can_manage_group', 'managed_group_ids'],
  ['group_withheld', 'withheld_group_ids'],
] as const;

describe('group id sets', () => {
  it('equal the per-group checks for anon, each member role, an outsider and an admin', async () => {
    // Every group, whoever may read its row: the per-group checks are asked about each.
    const all = (await g.db.query<{ id: string }>('select id from public.groups')).rows.map((r) => r.id);
    expect(all).toHaveLength(4);
    const who: (Member | 'anon')[] = ['anon', c.outsider, c.member, c.pending, c.banned, c.eventOrganizer, c.coOrganizer, c.organizer, c.admin];
    for (const w of who) {
      for (const [check, set] of PAIRS) {
        const [row] = await g.sqlAs(w)<{ per_group: string[] | null; as_set: string[] | null }>(
          `select (select array_agg(id order by id) from unnest($1::uuid[]) id where private.${check}(id)) as per_group,
                  (select array_agg(id order by id) from private.${set}() id) as as_set`,
          [all],
        );
        const label = `${typeof w === 'string' ? w : w.username}: ${check}`;
        expect(row!.as_set ?? [], label).toEqual(row!.per_group ?? []);
      }
    }
  });
});
