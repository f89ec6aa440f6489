import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';

// Found running vercel/nextjs-subscription-payments on PostgreSQL (issue 22): with more than one
// worker, start said nothing about config.toml keys it ignores or tables no API role can read,
// although a single process says both (decision 0222).

if (driverName !== 'postgres') console.log('cluster-startup-notes: skipped on PGlite: several workers need PostgreSQL (set DATABASE_URL; .ci/run does)');
describe.skipIf(driverName !== 'postgres')('start --workers 2 names what the project asks for that will not happen', { timeout: 90_000 }, () => {
  let testDb: TestDb | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'gather-cluster-notes-'));
  afterAll(async () => {
    await testDb?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the config.toml and unreadable-table warnings once, after the keys', async () => {
    mkdirSync(join(dir, 'migrations'));
    writeFileSync(join(dir, 'config.toml'), '[studio]\nport = 54323\n');
    writeFileSync(join(dir, 'migrations', '20240101000000_legacy.sql'), 'create table public.legacy (id int primary key);');
    testDb = await createTestDb();
    const run = runCli(['start', '--project', dir, '--db', testDb.target, '--port', '0', '--workers', '2']);
    try {
      await run.waitFor(/ready http:\/\/\S+/);
    } finally {
      // The banner and the notes are printed in one go; stopping flushes them.
      run.child.kill('SIGTERM');
      await run.exited;
    }
    const out = run.output();
    expect(out).toContain('warning: config.toml: not supported here, ignored: studio.port');
    expect(out.match(/warning: public\.legacy: no API role/g)).toHaveLength(1);
  });
});
