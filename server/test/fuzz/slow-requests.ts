import type { Random } from './random.ts';

/**
 * The "slow request" family (issue 30, decisions 0253–0256): requests that are valid and small
 * but make the database work hard — embeds that walk the membership path back and forth (each
 * one-to-many level multiplies the rows), many embeds side by side, filters that scan every row
 * with a pattern, RPCs asked for everything — against Gather's own schema and demo seed.
 */

/** Embeds an anonymous caller may follow from each table of Gather's schema: [select name, table]. */
const STEPS: Record<string, [string, string][]> = {
  groups: [['group_members', 'group_members'], ['profiles!group_members', 'profiles'], ['events', 'events'], ['group_stats', 'group_stats'], ['group_announcements', 'group_announcements']],
  group_members: [['profiles', 'profiles'], ['groups', 'groups']],
  profiles: [['group_members', 'group_members'], ['groups!group_members', 'groups'], ['events!events_host_id_fkey', 'events'], ['comments', 'comments'], ['event_hosts', 'event_hosts']],
  events: [['groups', 'groups'], ['comments', 'comments'], ['event_hosts', 'event_hosts'], ['profiles!events_host_id_fkey', 'profiles'], ['event_questions', 'event_questions'], ['event_stats', 'event_stats']],
  comments: [['profiles', 'profiles'], ['events', 'events']],
  event_hosts: [['profiles', 'profiles'], ['events', 'events']],
  group_stats: [],
  group_announcements: [],
  event_questions: [],
  event_stats: [],
};
const ROOTS = ['groups', 'profiles', 'events', 'group_members', 'comments'];
const TEXT_COLUMNS: Record<string, string[]> = { groups: ['name', 'about', 'city'], events: ['title', 'description', 'venue_name'], profiles: ['display_name', 'bio', 'username'], comments: ['body'], group_members: [] };

/** The membership walk of issue 30, `levels` embeds deep: groups → members → profiles → members → groups → … */
export function membershipWalk(levels: number): string {
  const path = ['group_members', 'profiles', 'group_members', 'groups'];
  let select = '';
  for (let i = levels - 1; i >= 0; i--) select = `${path[i % 4]}(*${select ? `,${select}` : ''})`;
  return `/rest/v1/groups?select=*,${select}`;
}

/** The same walk through the many-to-many shortcut: groups → profiles → groups → … (each level one-to-many). */
export function manyToManyWalk(levels: number, siblings = 1): string {
  let select = '';
  for (let i = levels - 1; i >= 0; i--) {
    const name = i % 2 === 0 ? 'profiles!group_members' : 'groups!group_members';
    const inner = select ? `,${select}` : '';
    const copies = i === levels - 1 ? siblings : 1;
    select = Array.from({ length: copies }, (_, k) => `${copies > 1 ? `x${k}:` : ''}${name}(*${inner})`).join(',');
  }
  return `/rest/v1/groups?select=*,${select}`;
}

/** What the attackers of the canary test send: the issue's walks (refused before they run) and the slowest walks still allowed. */
export const ISSUE_ATTACK = [
  membershipWalk(5),
  membershipWalk(7),
  manyToManyWalk(5),
  manyToManyWalk(4),
  // Allowed (three one-to-many levels) but slow: 0.3 s alone on the demo seed, several times that with siblings.
  membershipWalk(6),
  manyToManyWalk(3, 6),
];

export interface SlowCase {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Sent with the member's token instead of the anon key. */
  signedIn: boolean;
  /** Prefer header. */
  prefer?: string;
}

function randomWalk(r: Random, table: string, depth: number, width: number, used: { n: number }): string {
  const cols = r.chance(0.5) ? '*' : 'id';
  if (depth === 0) return cols;
  const steps = STEPS[table] ?? [];
  const parts = [table === 'group_members' || table === 'event_hosts' || table === 'group_stats' || table === 'event_stats' ? '*' : cols];
  const n = Math.min(steps.length, 1 + r.int(width));
  for (let i = 0; i < n; i++) {
    const [name, target] = r.pick(steps);
    const alias = `e${used.n++}`;
    parts.push(`${alias}:${name}(${randomWalk(r, target, depth - 1, Math.max(1, width - 1), used)})`);
  }
  return parts.join(',');
}

/** A pattern that makes a scan of every row work (regular expressions with nested repetition, many wildcards). */
function slowPattern(r: Random): string {
  return r.pick([
    `match.^(.*)(.*)(.*)(.*)(.*)(.*)(.*)x$`,
    `imatch.((a|b|c)*(d|e|f)*)*q`,
    `like.*a*e*i*o*u*z*`,
    `ilike.*${'_'.repeat(1 + r.int(40))}*`,
    `match.(${'a?'.repeat(10 + r.int(15))})${'a'.repeat(10 + r.int(15))}`,
    `imatch.^(([a-z])+.)+[A-Z]([a-z])+$`,
  ]);
}

const FAMILIES = {
  /** Embeds nested 1–6 deep, a few siblings each. */
  depth(r: Random): Omit<SlowCase, 'label' | 'signedIn'> {
    const root = r.pick(ROOTS);
    return { method: 'GET', path: `/rest/v1/${root}?select=${randomWalk(r, root, 1 + r.int(6), 2, { n: 0 })}` };
  },
  /** Many embeds side by side, two levels deep. */
  fanout(r: Random): Omit<SlowCase, 'label' | 'signedIn'> {
    const walks = [manyToManyWalk(2, 2 + r.int(12)), manyToManyWalk(3, 2 + r.int(8)), `/rest/v1/events?select=*,${randomWalk(r, 'events', 2, 6, { n: 0 })}`];
    return { method: 'GET', path: r.pick(walks) };
  },
  /** Filters every row must be tested against, under an embed or an OR of many of them. */
  filter(r: Random): Omit<SlowCase, 'label' | 'signedIn'> {
    const root = r.pick(['groups', 'events', 'profiles', 'comments']);
    const col = r.pick(TEXT_COLUMNS[root]!);
    const or = Array.from({ length: 2 + r.int(30) }, () => `${r.pick(TEXT_COLUMNS[root]!)}.${slowPattern(r)}`).join(',');
    const filter = r.chance(0.5) ? `${col}=${encodeURIComponent(slowPattern(r))}` : `or=(${encodeURIComponent(or)})`;
    return { method: 'GET', path: `/rest/v1/${root}?select=${randomWalk(r, root, r.int(3), 2, { n: 0 })}&${filter}&order=${col}.desc` };
  },
  /** The app's searches asked for everything, with odd text. */
  rpc(r: Random): Omit<SlowCase, 'label' | 'signedIn'> {
    const text = r.pick(['', '%', '%_%_%_%', 'a'.repeat(1 + r.int(2000)), 'the meetup of the society of the city '.repeat(1 + r.int(40))]);
    const calls: [string, Record<string, unknown>][] = [
      ['search_events', { query: text, radius_km: 40000, near_lat: 0, near_lng: 0 }],
      ['search_groups', { query: text, radius_km: 40000, near_lat: 10, near_lng: 10 }],
      ['events_near', { lat: 0, lng: 0, radius_km: 1e9 }],
      ['calendar_search_events', { search_query: text, search_km: 40000, search_lat: 1, search_lng: 1 }],
    ];
    const [fn, args] = r.pick(calls);
    const select = r.chance(0.3) ? `?select=*` : '';
    return { method: 'POST', path: `/rest/v1/rpc/${fn}${select}`, body: JSON.stringify(args) };
  },
  /** Exact counts over walks and scans. */
  count(r: Random): Omit<SlowCase, 'label' | 'signedIn' | 'prefer'> & { prefer: string } {
    return { method: 'GET', path: r.chance(0.5) ? manyToManyWalk(2 + r.int(2)) : membershipWalk(2 + r.int(4)), prefer: 'count=exact' };
  },
};

/** The i-th case of a run seeded with `seed`: families in turn. */
export function slowCase(r: Random, i: number): SlowCase {
  const names = Object.keys(FAMILIES) as (keyof typeof FAMILIES)[];
  const family = names[i % names.length]!;
  const c = FAMILIES[family](r);
  return { ...c, signedIn: r.chance(0.3), label: `#${i} ${family}: ${c.method} ${c.path.slice(0, 120)}` };
}
