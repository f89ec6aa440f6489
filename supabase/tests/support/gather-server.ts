import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '../../../server/test/helpers/test-server.ts';
import type { ConfigFlags } from '../../../server/src/config/load-config.ts';
import type { Queryable } from '../../../server/src/db/db-types.ts';

const PROJECT = fileURLToPath(new URL('../..', import.meta.url));

export interface Member {
  id: string;
  username: string;
  claims: Record<string, unknown>;
}

export interface GatherServer extends TestServer {
  member(username: string, opts?: { admin?: boolean }): Promise<Member>;
  /** Runs SQL as this member (or anon), under row-level security, as a REST request would. */
  sqlAs(who: Member | 'anon' | 'service'): <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
}

/**
 * The real server with Gather's migrations on a fresh database (no seed unless asked); `flags`
 * set what a flag or GATHER_* variable would (e.g. `enableAnonymousSignIns: 'true'`); `project`: a
 * copy of supabase/ with its own functions/.env (projectWithEnv in payments.ts).
 */
export async function startGather(opts: { seed?: boolean; flags?: ConfigFlags; project?: string } = {}): Promise<GatherServer> {
  const s = await startTestServer({ ...opts.flags, project: opts.project ?? PROJECT }, { seed: opts.seed ?? false, premigrated: true });
  let n = 0;
  return Object.assign(s, {
    async member(username: string, o: { admin?: boolean } = {}): Promise<Member> {
      const id = `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`;
      const app = o.admin ? { provider: 'email', role: 'admin' } : { provider: 'email' };
      await s.db.query(
        `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
         values ($1, 'authenticated', 'authenticated', $2, $3, $4, now(), now(), now())`,
        [id, `${username}@test.example`, app, { username, display_name: username }],
      );
      return { id, username, claims: { sub: id, role: 'authenticated', aud: 'authenticated', app_metadata: app } };
    },
    sqlAs(who: Member | 'anon' | 'service') {
      const ctx =
        who === 'anon'
          ? { role: 'anon', claims: { role: 'anon' } }
          : who === 'service'
            ? { role: 'service_role', claims: { role: 'service_role' } }
            : { role: 'authenticated', claims: who.claims };
      return async <T>(sql: string, params?: unknown[]) =>
        (await s.db.asRole(ctx, (tx: Queryable) => tx.query<T>(sql, params))).rows;
    },
  });
}

/** The app error a procedure or trigger raised: PostgREST's SQLSTATE 'PGRST' JSON body. */
export function appError(err: unknown): { code: string; message: string; status: number } | undefined {
  const e = err as { code?: string; message?: string; detail?: string };
  if (e.code !== 'PGRST' || !e.message) return undefined;
  const body = JSON.parse(e.message) as { code: string; message: string };
  return { code: body.code, message: body.message, status: (JSON.parse(e.detail ?? '{}') as { status: number }).status };
}

export async function expectAppError(p: Promise<unknown>): Promise<{ code: string; message: string; status: number }> {
  try {
    await p;
  } catch (err) {
    const app = appError(err);
    if (app) return app;
    throw err;
  }
  throw new Error('expected an app error, got success');
}

/** A published event hosted by `host`, starting `days` from now. */
export async function createEvent(g: GatherServer, host: Member, fields: Record<string, unknown> = {}): Promise<{ id: string; slug: string }> {
  const days = (fields.days as number | undefined) ?? 7;
  delete fields.days;
  const base: Record<string, unknown> = {
    host_id: host.id, title: 'Test event', starts_at: new Date(Date.now() + days * 864e5).toISOString(),
    ends_at: new Date(Date.now() + days * 864e5 + 2 * 36e5).toISOString(), timezone: 'Europe/Lisbon',
    venue_name: 'Hall', lat: 38.7, lng: -9.1, status: 'published', ...fields,
  };
  const cols = Object.keys(base);
  const rows = await g.sqlAs(host)<{ id: string; slug: string }>(
    `insert into public.events (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id, slug`,
    cols.map((c) => base[c]),
  );
  return rows[0]!;
}
