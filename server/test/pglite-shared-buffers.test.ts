import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.drop());

// PostgreSQL's memory is its operator's (postgresql.conf); only the embedded PGlite is ours.
if (driverName !== 'pglite') console.log('pglite-shared-buffers: skipped on PostgreSQL (its shared_buffers is set by its operator)');

describe.skipIf(driverName !== 'pglite')('PGlite memory settings', () => {
  it('runs with 32 MB of shared buffers (not 128), which the wasm memory never gives back (decision 0372)', async () => {
    const r = await t.db.query<{ shared_buffers: string }>('show shared_buffers');
    expect(r.rows[0]!.shared_buffers).toBe('32MB');
  });
});
