import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startupNotes, unexecutableFunctionNotes, unreadableTableNotes } from '../src/cli/startup-notes.ts';
import { configTomlNotes } from '../src/config/config-toml.ts';
import { ConfigError, loadConfig } from '../src/config/load-config.ts';
import { applySeed } from '../src/db/seed.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 22, item 8 (decision 0222): nothing a project asks for is ignored without a word.

let dir: string;
let s: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gather-notes-'));
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('config.toml keys the server does not act on are named at start', () => {
  it('names [api]/[auth] enabled = false, unsupported CLI keys and unknown keys; stays quiet about the rest', () => {
    writeFileSync(
      join(dir, 'config.toml'),
      `project_id = "demo"
[api]
enabled = false
port = 54321
max_rows = 500
prot = 1
[auth]
enabled = false
site_url = "http://localhost:3000"
[auth.hook.after_user_created]
enabled = true
uri = "http://127.0.0.1:9/send-email"
[auth.sms.twilio]
enabled = false
account_sid = ""
[realtime]
enabled = true
[studio]
port = 54323
[storage.buckets.avatars]
public = true
`,
    );
    const notes = configTomlNotes(dir, {});
    expect(notes).toContain('config.toml: api.enabled = false is not supported: the REST API (/rest/v1) is always served here');
    expect(notes).toContain('config.toml: auth.enabled = false is not supported: Auth (/auth/v1) is always served here');
    const unsupported = notes.find((n) => n.startsWith('config.toml: not supported here, ignored: '))!;
    // custom_access_token is run (decision 0230); the hooks not built are named.
    expect(unsupported).toContain('auth.hook.after_user_created.enabled');
    expect(unsupported).toContain('auth.hook.after_user_created.uri');
    expect(unsupported).toContain('studio.port');
    for (const quiet of ['api.port', 'api.max_rows', 'auth.site_url', 'auth.sms.twilio', 'realtime.enabled', 'storage.buckets', 'api.prot']) expect(unsupported).not.toContain(quiet);
    expect(notes).toContain("config.toml: unknown keys (not in the Supabase CLI's config either), ignored: api.prot");
  });

  it('--project naming a missing folder refuses, naming it', () => {
    const missing = join(dir, 'no-such-project');
    expect(() => loadConfig({ project: missing }, {})).toThrow(ConfigError);
    expect(() => loadConfig({ project: missing }, {})).toThrow(`--project: ${missing} does not exist`);
    expect(() => loadConfig({}, { GATHER_PROJECT: missing })).toThrow(`GATHER_PROJECT: ${missing} does not exist`);
  });
});

describe(`start-up checks of the database (${driverName})`, () => {
  it('names a public table no API role can read, with the two ways to fix it', async () => {
    await s.db.exec('create table public.legacy_notes (id int primary key, body text); create table public.shared_notes (id int); grant select on public.shared_notes to anon;');
    const notes = await unreadableTableNotes(s.db, s.config);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('public.legacy_notes');
    expect(notes[0]).not.toContain('shared_notes');
    expect(notes[0]).toContain('grant select, insert, update, delete on public.legacy_notes to anon, authenticated, service_role');
    expect(notes[0]).toContain('[api] auto_expose_new_tables = true');
    expect(await startupNotes(s.config, s.db, {})).toEqual(notes); // the empty test project has no config.toml notes
    await s.db.exec('grant select on public.legacy_notes to service_role;');
    expect(await unreadableTableNotes(s.db, s.config)).toEqual([]);
  });

  it('names a function service_role may not execute, with its arguments and the grant that fixes it', async () => {
    await s.db.exec(`create function public.legacy_total(a int, b text) returns int language sql as 'select a';
                     create function public.open_total() returns int language sql as 'select 1';
                     create function public.legacy_touch() returns trigger language plpgsql as $$ begin return new; end $$;
                     revoke execute on function public.legacy_total(int, text), public.legacy_touch() from public;`);
    const notes = await unexecutableFunctionNotes(s.db, s.config);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^public\.legacy_total\(a integer, b text\): service_role may not execute this function/);
    expect(notes[0]).not.toContain('open_total');
    expect(notes[0]).not.toContain('legacy_touch'); // a trigger function: nobody calls it
    expect(notes[0]).toContain('grant execute on function public.legacy_total(a integer, b text) to service_role');
    await s.reloadSchema();
    expect((await s.service().rpc('legacy_total', { a: 7, b: 'x' })).error?.code).toBe('42501');
    // The grant it names works, and the note goes.
    await s.db.exec('grant execute on function public.legacy_total(a integer, b text) to service_role;');
    expect(await unexecutableFunctionNotes(s.db, s.config)).toEqual([]);
    expect((await s.service().rpc('legacy_total', { a: 7, b: 'x' })).data).toBe(7);
    await s.db.exec('drop function public.legacy_total(int, text), public.open_total(), public.legacy_touch();');
  });

  it('a seed failure names seed.sql, not a migration', async () => {
    writeFileSync(join(dir, 'seed.sql'), 'select 1;\ninsert into public.nowhere values (1);\n');
    const err = (await applySeed(s.db, dir, true).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/^seed .*seed\.sql:2: \[42P01\] relation "public\.nowhere" does not exist/);
  });

  it("a trigger blocking auth.admin.deleteUser answers GoTrue's 500 \"Database error deleting user\"", async () => {
    const admin = s.service();
    const { data } = await admin.auth.admin.createUser({ email: 'kept@example.com', password: 'a-long-password', email_confirm: true });
    await s.db.exec(`create function public.keep_users() returns trigger language plpgsql as $$ begin raise exception 'users are kept'; end $$;
                     create trigger keep_users before delete on auth.users for each row execute function public.keep_users();`);
    try {
      const { error } = await admin.auth.admin.deleteUser(data.user!.id);
      // auth-js turns every 5xx into an AuthRetryableFetchError with the message and status.
      expect(error).toMatchObject({ status: 500, message: 'Database error deleting user' });
      const raw = await s.fetch(`/auth/v1/admin/users/${data.user!.id}`, { method: 'DELETE', headers: { apikey: s.keys.serviceRoleKey, authorization: `Bearer ${s.keys.serviceRoleKey}` } });
      expect(raw.status).toBe(500);
      expect(await raw.json()).toMatchObject({ code: 500, error_code: 'unexpected_failure', msg: 'Database error deleting user' });
      expect((await admin.auth.admin.getUserById(data.user!.id)).data.user?.email).toBe('kept@example.com');
    } finally {
      await s.db.exec('drop trigger keep_users on auth.users; drop function public.keep_users();');
    }
  });
});
