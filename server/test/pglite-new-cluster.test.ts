import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite-driver.ts';
import { newClusterImagePath, pgliteVersion } from '../src/db/pglite-new-cluster.ts';

// Decision 0453: a new PGlite data folder starts from the blank cluster shipped with the server.
// PGlite only: PostgreSQL's clusters are its operator's.
const dirs: string[] = [];
const newFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gather-new-cluster-'));
  dirs.push(dir);
  return join(dir, 'db');
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function systemIdentifier(dataDir: string, sql?: string): Promise<string> {
  const db = await openPglite(dataDir);
  try {
    if (sql) await db.exec(sql);
    return (await db.query<{ id: string }>('select system_identifier::text as id from pg_control_system()')).rows[0]!.id;
  } finally {
    await db.close();
  }
}

describe('a new PGlite data folder (decision 0453)', { timeout: 120_000 }, () => {
  it('has the blank cluster of the installed PGlite (after an upgrade: npm run pglite-new-cluster)', () => {
    expect(existsSync(newClusterImagePath(pgliteVersion('@electric-sql/pglite')))).toBe(true);
  });

  it('starts from that cluster, not from initdb: two new folders are the same cluster', async () => {
    // initdb gives every cluster an identifier of its own; copies of one image share it.
    const [a, b] = [await systemIdentifier(newFolder()), await systemIdentifier(newFolder())];
    expect(a).toBe(b);
  });

  it('never loads it over a folder that has a cluster: what was stored stays', async () => {
    const dir = newFolder();
    await systemIdentifier(dir, 'create table kept (note text); insert into kept values ($$still here$$)');
    const db = await openPglite(dir);
    try {
      expect((await db.query<{ note: string }>('select note from kept')).rows).toEqual([{ note: 'still here' }]);
    } finally {
      await db.close();
    }
  });
});
