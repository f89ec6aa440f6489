import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedPathNotes } from '../src/cli/startup-notes.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 22: `[db.seed] enabled` and `sql_paths` (the CLI's ordered list of seed files and globs,
// relative to the project folder) were named "not supported" and only seed.sql ran
// (Razikus/supabase-nextjs-template sets them). Decision 0247.

const dirs: string[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(seedSection: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-seed-paths-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'migrations'));
  mkdirSync(join(dir, 'seeds'));
  writeFileSync(join(dir, 'config.toml'), `[db.seed]\n${seedSection}\n`);
  writeFileSync(
    join(dir, 'migrations', '20240101000000_log.sql'),
    'create table public.seed_log (n serial primary key, file text not null); grant select on public.seed_log to anon;',
  );
  // Named so that directory order and the list's order disagree.
  writeFileSync(join(dir, 'seeds', '02_second.sql'), `insert into public.seed_log (file) values ('seeds/02_second.sql');`);
  writeFileSync(join(dir, 'seeds', '01_first.sql'), `insert into public.seed_log (file) values ('seeds/01_first.sql');`);
  writeFileSync(join(dir, 'a_extra.sql'), `insert into public.seed_log (file) values ('a_extra.sql');`);
  writeFileSync(join(dir, 'seed.sql'), `insert into public.seed_log (file) values ('seed.sql');`);
  return dir;
}

async function started(dir: string): Promise<TestServer> {
  const s = await startTestServer({ project: dir }, { seed: true });
  servers.push(s);
  return s;
}

describe(`[db.seed] in config.toml (${driverName})`, () => {
  it('loads sql_paths in the order given, a glob sorted, each file once, and records each', async () => {
    const s = await started(project(`enabled = true\nsql_paths = ['./seeds/*.sql', './a_extra.sql', './seeds/01_first.sql']`));
    const { data, error } = await s.anon().from('seed_log').select('file').order('n');
    expect(error).toBeNull();
    expect(data).toEqual([{ file: 'seeds/01_first.sql' }, { file: 'seeds/02_second.sql' }, { file: 'a_extra.sql' }]);
    const recorded = await s.db.query<{ path: string }>('select path from supabase_migrations.seed_files order by path');
    expect(recorded.rows.map((r) => r.path.split('/').slice(1).join('/'))).toEqual(['a_extra.sql', 'seeds/01_first.sql', 'seeds/02_second.sql']);
    expect(seedPathNotes(s.config)).toEqual([]);
  });

  it('enabled = false loads nothing, not even seed.sql', async () => {
    const s = await started(project('enabled = false'));
    expect((await s.anon().from('seed_log').select('file')).data).toEqual([]);
  });

  it('names an entry that matches no file, as the CLI does', async () => {
    const s = await started(project(`sql_paths = ['./seed.sql', './fixtures/*.sql']`));
    expect((await s.anon().from('seed_log').select('file')).data).toEqual([{ file: 'seed.sql' }]);
    expect(seedPathNotes(s.config)).toEqual(['config.toml: [db.seed] sql_paths: no files matched pattern: ./fixtures/*.sql']);
  });
});
