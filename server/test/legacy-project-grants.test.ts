import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreadableTableNotes } from '../src/cli/startup-notes.ts';
import { loadConfig } from '../src/config/load-config.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 22: public Supabase projects written before 2026 create tables without grants and rely
// on the old default privileges. Running one unchanged (no edit to its config.toml) takes
// --auto-expose-new-tables / GATHER_AUTO_EXPOSE_NEW_TABLES; decision 0245.

let project: string;
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'gather-legacy-'));
  mkdirSync(join(project, 'migrations'));
  // As vercel/nextjs-subscription-payments and kahoot-alternative write it: RLS and policies, no grants, a serial id.
  writeFileSync(
    join(project, 'migrations', '20240101000000_notes.sql'),
    `create table notes (id bigserial primary key, owner uuid default auth.uid() references auth.users, body text);
     alter table notes enable row level security;
     create policy "own notes" on notes for all using (auth.uid() = owner) with check (auth.uid() = owner);`,
  );
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('the switch is read from the environment and flags as true/false', () => {
  it('GATHER_AUTO_EXPOSE_NEW_TABLES=false is off and =true is on', () => {
    expect(loadConfig({ project }, { GATHER_AUTO_EXPOSE_NEW_TABLES: 'false' }).autoExposeNewTables).toBe(false);
    expect(loadConfig({ project }, { GATHER_AUTO_EXPOSE_NEW_TABLES: 'true' }).autoExposeNewTables).toBe(true);
    expect(loadConfig({ project, autoExposeNewTables: 'true' }, {}).autoExposeNewTables).toBe(true);
    expect(loadConfig({ project }, {}).autoExposeNewTables).toBe(false);
  });
});

async function signedIn(s: TestServer) {
  const c = s.client();
  const email = `legacy-${Math.random().toString(36).slice(2)}@example.com`;
  const { error } = await c.auth.signUp({ email, password: 'password-123456' });
  expect(error).toBeNull();
  return c;
}

describe(`an older project unchanged, with the switch on (${driverName})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ project, autoExposeNewTables: 'true' });
  });
  afterAll(async () => s?.stop());

  it('tables and their sequences reach the API roles and RLS decides the rows', async () => {
    const ada = await signedIn(s);
    const bob = await signedIn(s);
    const { data, error } = await ada.from('notes').insert({ body: 'mine' }).select('id, body').single();
    expect(error).toBeNull();
    expect(data!.body).toBe('mine');
    expect((await ada.from('notes').select('body')).data).toEqual([{ body: 'mine' }]);
    expect((await bob.from('notes').select('body')).data).toEqual([]);
    expect(await unreadableTableNotes(s.db, s.config)).toEqual([]);
  });
});

describe(`the same project with the switch off, Supabase's current default (${driverName})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ project });
  });
  afterAll(async () => s?.stop());

  it('answers 42501 and start names the table and the switch', async () => {
    const ada = await signedIn(s);
    const { error } = await ada.from('notes').select('body');
    expect(error?.code).toBe('42501');
    const notes = await unreadableTableNotes(s.db, s.config);
    expect(notes[0]).toContain('public.notes');
    expect(notes[0]).toContain('--auto-expose-new-tables');
  });
});
