import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbPortUrl } from '../../server/src/db/db-port-url.ts';
import { runPgtap } from '../../server/src/testdb/test-db-command.ts';
import { pgtapMissingOnPostgres } from '../../server/test/helpers/pgtap-on-postgres.ts';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { startGather, type GatherServer } from './support/gather-server.ts';

// Gather's own database tests written in pgTAP (supabase/tests/database/*.sql), run here as
// `gather-server test db` (and `supabase test db`) runs them, on this suite's migrated server:
// a fresh `test db --db memory` of the whole project takes over a minute (decision 0274).

const DATABASE_TESTS = fileURLToPath(new URL('./database', import.meta.url));
const skipReason = driverName === 'postgres' ? await pgtapMissingOnPostgres(process.env.DATABASE_URL!) : undefined;
if (skipReason) console.log(`pgtap.test: skipped on PostgreSQL: ${skipReason}`);

let g: GatherServer;
beforeAll(async () => {
  if (!skipReason) g = await startGather({ flags: { dbPort: '0' } });
});
afterAll(async () => {
  await g?.stop();
});

describe.skipIf(!!skipReason)(`Gather's pgTAP files on ${driverName}`, () => {
  it('all pass, as pg_prove reports it', async () => {
    let output = '';
    const url = driverName === 'pglite' ? dbPortUrl(g.dbPort!) : g.testDb.target;
    const { status } = await runPgtap({
      url,
      driver: driverName,
      paths: [DATABASE_TESTS],
      out: (s) => (output += s),
      err: (s) => (output += s),
    });
    expect(output).toContain('All tests successful.');
    expect(status, output).toBe('PASS');
  });
});
