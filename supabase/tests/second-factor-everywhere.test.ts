import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribed } from '../../server/test/helpers/realtime.ts';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { createGroup } from './support/group-cast.ts';
import { createEvent, startGather, type GatherServer } from './support/gather-server.ts';
import { account, accountWithFactor, signIn, type AccountWithFactor } from './support/sessions.ts';

// Decision 0262: with a verified factor, a password-only (aal1) session reaches nothing — no
// table, procedure, bucket or private channel — until the second step (aal2); a member without
// a factor is not affected. Everything here is read from the catalog, not from a list, so a
// table, procedure, bucket or topic added later without the rule fails this file.

let g: GatherServer;
let owner: AccountWithFactor;
let plain: SupabaseClient;
let eventId = '';
let groupId = '';

beforeAll(async () => {
  g = await startGather();
  owner = await accountWithFactor(g, 'owner', async (a) => {
    eventId = (await createEvent(g, a.member, { title: 'Owner event' })).id;
    groupId = (await createGroup(g, a.member)).id;
  });
  const p = await account(g, 'plain');
  plain = await signIn(g, p.email);
  await plain.realtime.setAuth();
});
afterAll(() => g.stop());

const query = <T>(sql: string, params?: unknown[]) => g.db.query<T>(sql, params).then((r) => r.rows);

const AAL = '( SELECT private.aal_ok() AS aal_ok)';
const NOT_ANONYMOUS = '(NOT ( SELECT private.is_anonymous_user() AS is_anonymous_user))';

/** The restrictive rules a table (or storage.objects) is missing, by name. */
async function missingRules(schema: string, table: string, anonymousCommands: string[]): Promise<string[]> {
  const policies = await query<{ cmd: string; roles: string[]; qual: string | null; with_check: string | null }>(
    `select cmd, roles::text[] as roles, qual, with_check from pg_policies
     where schemaname = $1 and tablename = $2 and permissive = 'RESTRICTIVE'`, [schema, table]);
  const forAuthenticated = policies.filter((p) => p.roles.includes('authenticated') || p.roles.includes('public'));
  const missing: string[] = [];
  if (!forAuthenticated.some((p) => p.cmd === 'ALL' && p.qual === AAL && p.with_check === AAL)) missing.push(`${schema}.${table}: aal2`);
  for (const cmd of anonymousCommands) {
    const has = forAuthenticated.some((p) => p.cmd === cmd && (p.qual ?? p.with_check)?.includes(NOT_ANONYMOUS.slice(1, -1)));
    if (!has) missing.push(`${schema}.${table}: anonymous ${cmd}`);
  }
  return missing;
}

type Procedure = { name: string; args: { name: string; type: string }[]; volatility: string; anon: boolean };

/** SECURITY DEFINER functions of the API's schemas that `authenticated` may execute. */
async function definerProcedures(): Promise<Procedure[]> {
  const rows = await query<{ name: string; names: string[] | null; types: string[]; modes: string[] | null; volatility: string; anon: boolean }>(
    `select p.proname as name, p.proargnames as names, p.proargtypes::oid[]::regtype[]::text[] as types,
            p.proargmodes::text[] as modes, p.provolatile::text as volatility,
            has_function_privilege('anon', p.oid, 'execute') as anon
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = any($1) and p.prosecdef and p.prokind = 'f'
       and has_function_privilege('authenticated', p.oid, 'execute')
     order by p.proname`, [g.config.apiSchemas]);
  return rows.map((r) => {
    // proargnames lists OUT/TABLE columns too; proargtypes only the inputs, in order.
    const inputNames = (r.names ?? []).filter((_, i) => !r.modes || ['i', 'b', 'v'].includes(r.modes[i]!));
    return { name: r.name, volatility: r.volatility, anon: r.anon, args: r.types.map((type, i) => ({ name: inputNames[i]!, type })) };
  });
}

/** Arguments of the right types: the guard runs before the body looks at them. */
async function dummyArgs(p: Procedure): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const { name, type } of p.args) {
    const simple: Record<string, unknown> = {
      uuid: '00000000-0000-4000-8000-00000000abcd', text: 'x', integer: 0, boolean: false, jsonb: {}, json: {},
      'uuid[]': [], 'double precision': 0, 'timestamp with time zone': new Date().toISOString(),
    };
    if (type in simple) out[name] = simple[type];
    else {
      const [label] = await query<{ l: string }>('select enumlabel as l from pg_enum where enumtypid = $1::regtype order by enumsortorder limit 1', [type]);
      if (!label) throw new Error(`no sample value for ${p.name}(${name} ${type}): add one here`);
      out[name] = label.l;
    }
  }
  return out;
}

const codeOf = async (client: SupabaseClient, p: Procedure) => (await client.rpc(p.name, await dummyArgs(p))).error?.code ?? 'ok';

describe(`aal2 when the account has a second factor, from the catalog (${driverName})`, () => {
  it('the sessions are what the auth server says', async () => {
    expect((await owner.half.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await owner.full.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect((await plain.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('every table of public has the restrictive aal2 rule and the anonymous write rules; views and materialized views cannot go around them', async () => {
    const tables = await query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
    expect(tables.length).toBeGreaterThanOrEqual(23);
    const missing = (await Promise.all(tables.map((t) => missingRules('public', t.name, ['INSERT', 'UPDATE', 'DELETE'])))).flat();
    expect(missing).toEqual([]);
    const rlsOff = await query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`);
    expect(rlsOff).toEqual([]);
    // A view runs as its owner unless security_invoker; a materialized view has no policies.
    const around = await query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and has_table_privilege('authenticated', c.oid, 'select')
         and ((c.relkind = 'v' and not coalesce(c.reloptions @> array['security_invoker=true'], false)) or c.relkind = 'm')`);
    expect(around).toEqual([]);
  });

  it('every table an aal1 session may select from answers it nothing; the aal2 session reads its own rows', async () => {
    const tables = await query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and has_table_privilege('authenticated', c.oid, 'select') order by 1`);
    const seen: Record<string, number> = {};
    for (const { name } of tables) {
      const half = await owner.half.from(name).select('*', { count: 'exact', head: true });
      expect({ name, error: half.error, count: half.count }).toEqual({ name, error: null, count: 0 });
      const full = await owner.full.from(name).select('*', { count: 'exact', head: true });
      seen[name] = full.count ?? -1;
    }
    for (const name of ['profiles', 'profile_private', 'events', 'groups', 'group_members', 'event_hosts']) expect(seen[name], name).toBeGreaterThan(0);
  });

  it('storage.objects and realtime.messages have the rules, for every bucket and every topic', async () => {
    expect(await missingRules('storage', 'objects', ['INSERT', 'UPDATE', 'DELETE'])).toEqual([]);
    expect(await missingRules('realtime', 'messages', [])).toEqual([]);
    // The aal2 rule names no bucket or topic, so it holds for those added later too.
    const scoped = await query<{ policyname: string }>(
      `select policyname from pg_policies where schemaname in ('storage', 'realtime') and permissive = 'RESTRICTIVE'
       and cmd = 'ALL' and qual = $1 and with_check = $1`, [AAL]);
    expect(scoped).toHaveLength(2);
  });

  it('every bucket: the aal2 session uploads into one of its folders, the aal1 session into none', async () => {
    const buckets = await query<{ id: string; types: string[] | null }>('select id, allowed_mime_types as types from storage.buckets order by id');
    expect(buckets.length).toBeGreaterThanOrEqual(4);
    const folders = [owner.member.id, eventId, groupId];
    for (const { id, types } of buckets) {
      const contentType = types?.[0] ?? 'image/png';
      const upload = async (c: SupabaseClient, folder: string) =>
        (await c.storage.from(id).upload(`${folder}/aal-${crypto.randomUUID()}`, new Blob([new Uint8Array([1, 2, 3])], { type: contentType }), { contentType })).error;
      const halfErrors = await Promise.all(folders.map((f) => upload(owner.half, f)));
      expect({ id, halfUploads: halfErrors.filter((e) => !e).length }).toEqual({ id, halfUploads: 0 });
      const fullErrors = await Promise.all(folders.map((f) => upload(owner.full, f)));
      expect({ id, fullUploads: fullErrors.filter((e) => !e).length }).toEqual({ id, fullUploads: 1 });
    }
  });

  it('every private channel topic the policies know: aal1 is refused the join, aal2 joins', async () => {
    // The topics the realtime.messages policies open: each `<prefix>:%` their helpers match.
    const helpers = await query<{ src: string }>(
      `select p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'private' and p.proname like '%channel%'`);
    const prefixes = [...new Set(helpers.flatMap((h) => [...h.src.matchAll(/like '([a-z_]+):%'/g)].map((m) => m[1]!)))].sort();
    expect(prefixes).toEqual(['event', 'group']);
    const ids: Record<string, string> = { event: eventId, group: groupId };
    for (const prefix of prefixes) {
      const topic = `${prefix}:${ids[prefix]}`;
      await expect(subscribed(owner.half.channel(topic, { config: { private: true } })), topic).rejects.toThrow();
      await subscribed(owner.full.channel(topic, { config: { private: true } }));
      await subscribed(plain.channel(topic, { config: { private: true } }));
    }
  });

  it('every SECURITY DEFINER procedure refuses the aal1 session (insufficient_aal) and lets the aal2 one and a member without a factor through', async () => {
    const procedures = await definerProcedures();
    expect(procedures.length).toBeGreaterThanOrEqual(38);
    const refused: Record<string, string> = {};
    const passed: Record<string, string> = {};
    const codes: Record<string, string> = {};
    for (const p of procedures) {
      refused[p.name] = await codeOf(owner.half, p);
      // Leaving is tried last, in its own test: it would end the account.
      if (p.name === 'delete_my_account') continue;
      for (const [who, client] of [['aal2', owner.full], ['plain', plain]] as const) {
        const code = await codeOf(client, p);
        // The body runs as before: its own answer to dummy arguments, never a broken reference
        // (42P01, 42703, 42883: what a renamed body's `<function>.<argument>` would give).
        if (code === 'insufficient_aal' || /^(42|XX)/.test(code)) passed[`${p.name} (${who})`] = code;
        codes[p.name] = code;
      }
    }
    console.log(`second factor: ${procedures.length} SECURITY DEFINER procedures; their answers at aal2:`, codes);
    expect(passed).toEqual({});
    expect(Object.entries(refused).filter(([, code]) => code !== 'insufficient_aal')).toEqual([]);
  });

  it('delete_my_account: refused at aal1, done at aal2', async () => {
    const { error } = await owner.half.rpc('delete_my_account');
    expect(error?.code).toBe('insufficient_aal');
    // A group's last organizer deletes the group first (decision 0100).
    expect((await owner.full.rpc('delete_group', { group_id: groupId })).error).toBeNull();
    expect((await owner.full.rpc('delete_my_account')).error).toBeNull();
    expect(await query('select 1 from auth.users where id = $1', [owner.member.id])).toEqual([]);
  });
});
