import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgtapMissingOnPostgres } from './helpers/pgtap-on-postgres.ts';
import { runCli } from './helpers/run-cli.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';

// Issue 34, item 1 (decision 0274): `gather-server test db` runs a project's pgTAP files as
// `supabase test db` does — pgTAP created for the run, pg_prove's output and exit status — on
// PGlite (in-process, or through a running server's database port) and on PostgreSQL. The
// expected output is what pg_prove 3.36 printed for this fixture on PostgreSQL 15 (timing aside).

const CLI = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/pgtap-project', import.meta.url));
const TESTS = join(FIXTURE, 'tests');

const EXPECTED = `<tests>/failing.test.sql ...... 
# Failed test 2: "arithmetic"
#         have: 2
#         want: 3
# a note from the test
# Failed test 3
# Looks like you failed 2 tests of 3
Failed 2/3 subtests 
<tests>/functions.test.sql .... ok
<tests>/nested/dies.test.sql .. 
Dubious, test returned 3 (wstat 768, 0x300)
Failed 2/3 subtests 
<tests>/no-transaction.pg ..... ok
<tests>/psql-vars.sql ......... 
# psql variables are replaced
ok
<tests>/rls.test.sql .......... ok

Test Summary Report
-------------------
<tests>/failing.test.sql    (Wstat: 0 Tests: 3 Failed: 2)
  Failed tests:  2-3
<tests>/nested/dies.test.sql (Wstat: 768 (exited 3) Tests: 1 Failed: 0)
  Non-zero exit status: 3
  Parse errors: Bad plan.  You planned 3 tests but ran 1.
Files=6, Tests=15, <time>
Result: FAIL
`;

const NAMED = [join(TESTS, 'rls.test.sql'), join(TESTS, 'functions.test.sql')];
const NAMED_PASS = `<tests>/rls.test.sql ........ ok
<tests>/functions.test.sql .. ok
All tests successful.
Files=2, Tests=8, <time>
Result: PASS
`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function testDb(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'test', 'db', '--project', FIXTURE, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, GATHER_LOG_LEVEL: 'warn' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const normalise = (s: string) => s.replaceAll(TESTS, '<tests>').replace(/^(Files=\d+, Tests=\d+), .*$/m, '$1, <time>');

const skipReason = driverName === 'postgres' ? await pgtapMissingOnPostgres(process.env.DATABASE_URL!) : undefined;
if (skipReason) console.log(`test-db-command: skipped on PostgreSQL: ${skipReason}`);

let testDbTarget: TestDb | undefined;
let dbArg: string;

beforeAll(async () => {
  if (driverName === 'postgres' && !skipReason) {
    testDbTarget = await createTestDb();
    dbArg = testDbTarget.target;
  } else dbArg = 'memory';
}, 120_000);
afterAll(async () => {
  await testDbTarget?.drop();
});

describe.skipIf(!!skipReason)(`gather-server test db on ${driverName}`, { timeout: 240_000 }, () => {
  it("runs every .sql/.pg file under the project's tests folder as pg_prove does, exit 1 on failures", async () => {
    const r = await testDb(['--db', dbArg]);
    expect(normalise(r.stdout)).toBe(EXPECTED);
    expect(normalise(r.stderr)).toContain(
      `psql:<tests>/nested/dies.test.sql:4: ERROR:  function no_such_function() does not exist
LINE 1: select no_such_function();
               ^
HINT:  No function matches the given name and argument types. You might need to add explicit type casts.
`,
    );
    expect(r.code).toBe(1);
    if (testDbTarget) {
      // Created for the run, dropped after it, as the CLI does.
      const { rows } = await testDbTarget.db.query(`select 1 from pg_extension where extname = 'pgtap'`);
      expect(rows).toEqual([]);
    }
  });

  // On PGlite this runs beside a running server, below (one PGlite start fewer).
  it.runIf(driverName === 'postgres')('runs only the files named; all passing exits 0', async () => {
    const r = await testDb(['--db', dbArg, ...NAMED]);
    expect(normalise(r.stdout)).toBe(NAMED_PASS);
    expect(r.code).toBe(0);
  });

  it('a path that does not exist is an error naming it, before any database is opened', async () => {
    const r = await testDb(['--db', dbArg, join(TESTS, 'nope.sql')]);
    expect(r.stderr).toContain(`error: ${join(TESTS, 'nope.sql')}: no such file or directory`);
    expect(r.code).toBe(1);
  });
});

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as { port: number }).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

describe.runIf(driverName === 'pglite')('gather-server test db beside a running server (PGlite folder)', { timeout: 300_000 }, () => {
  it("tests the files named through the server's database port, exit 0, no pgtap left behind", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gather-testdb-'));
    const dbPort = await freePort();
    const server = runCli(['start', '--project', FIXTURE, '--db', dir, '--db-port', String(dbPort), '--port', '0']);
    try {
      await server.waitFor(/database: postgresql:\/\//);
      const r = await testDb(['--db', dir, '--db-port', String(dbPort), ...NAMED]);
      expect(r.stderr).toContain(`${dir} is in use by a running server: testing through its database port ${dbPort}`);
      expect(normalise(r.stdout)).toBe(NAMED_PASS);
      expect(r.code).toBe(0);
      const c = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${dbPort}/postgres` });
      await c.connect();
      expect((await c.query(`select extname from pg_extension where extname = 'pgtap'`)).rows).toEqual([]);
      await c.end();
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
if (driverName !== 'pglite') console.log('test-db-command: the running-server case is PGlite-only (on PostgreSQL test db connects to the server itself)');
