import { fileURLToPath } from 'node:url';
import { startTestServer } from '../../server/test/helpers/test-server.ts';
import { fmt, median } from '../support/measure.ts';

const PROJECT = fileURLToPath(new URL('../../supabase', import.meta.url));
const MEMBERS = Number(process.env.BENCH_GROUP_MEMBERS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

// The group page's "newest members" read (web/src/features/groups/api/members-api.ts), as SQL.
const LISTING = `select m.user_id, m.role, m.status, m.created_at, m.joined_at, p.username, p.display_name, p.avatar_path
  from public.group_members m left join public.profiles p on p.id = m.user_id
  where m.group_id = $1 and m.status = 'active' order by m.joined_at desc limit 12`;

async function timed(op: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await op(); // warm plans and caches
  const ms: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await op();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

/**
 * The newest 12 members of a 2,000-member group, read three ways on Gather's own schema (PGlite,
 * or PostgreSQL with DATABASE_URL): by the raw driver without row-level security (the limit), by
 * the same SQL as `anon` under the groups' policies, and through REST as the app reads it.
 */
export async function groupsBench(): Promise<void> {
  const g = await startTestServer({ project: PROJECT }, { seed: false });
  try {
    const owner = '00000000-0000-4000-9000-000000000001';
    await g.db.query(
      `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
       select case when i = 0 then $1::uuid else gen_random_uuid() end, 'authenticated', 'authenticated', 'm' || i || '@bench.example',
              '{"provider":"email"}', jsonb_build_object('username', 'member' || i, 'display_name', 'Member ' || i), now(), now(), now()
       from generate_series(0, $2::int) i`,
      [owner, MEMBERS],
    );
    const group = await g.db.query<{ id: string }>(
      `insert into public.groups (created_by, name, category, city, lat, lng) values ($1, 'Bench circle', 'tech', 'Lisbon', 38.72, -9.14) returning id`,
      [owner],
    );
    const id = group.rows[0]!.id;
    await g.db.query(
      `insert into public.group_members (group_id, user_id, role, status, joined_at)
       select $1, id, 'member', 'active', now() - (row_number() over ())::int * interval '1 minute' from auth.users where id <> $2`,
      [id, owner],
    );
    const raw = await timed(() => g.db.query(LISTING, [id]));
    const rls = await timed(() => g.db.asRole({ role: 'anon', claims: { role: 'anon' } }, (tx) => tx.query(LISTING, [id])));
    const rest = await timed(async () => {
      const { error } = await g
        .anon()
        .from('group_members')
        .select('user_id, role, status, created_at, joined_at, profile:profiles!group_members_user_id_fkey(id, username, display_name, avatar_path)')
        .eq('group_id', id)
        .eq('status', 'active')
        .order('joined_at', { ascending: false })
        .limit(12);
      if (error) throw new Error(error.message);
    });
    console.log(`groups (newest 12 of ${MEMBERS} members; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; median of ${ROUNDS})`);
    console.log(`  raw driver, no RLS (limit)  ${fmt(raw, 2)} ms`);
    console.log(`  same SQL as anon under RLS  ${fmt(rls, 2)} ms   ratio ${fmt(rls / raw, 2)}`);
    console.log(`  REST as the app reads it    ${fmt(rest, 2)} ms   ratio ${fmt(rest / raw, 2)}`);
  } finally {
    await g.stop();
  }
}
