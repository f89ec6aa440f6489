import type { Config } from '../config/config-schema.ts';
import { openDb } from '../db/open-db.ts';
import { prepareDatabase } from '../db/prepare-database.ts';
import { resetDatabase } from '../db/reset.ts';
import { applySeed } from '../db/seed.ts';
import type { Db } from '../db/db-types.ts';

async function withDb(config: Config, fn: (db: Db) => Promise<void>): Promise<void> {
  const db = await openDb(config.dbTarget);
  try {
    await fn(db);
  } finally {
    await db.close();
  }
}

export function runMigrate(config: Config): Promise<void> {
  return withDb(config, async (db) => {
    const { migrations } = await prepareDatabase(db, config, { seed: false });
    console.log(migrations.length ? migrations.map((m) => `applied ${m.version} ${m.name}`).join('\n') : 'no pending migrations');
  });
}

export function runSeed(config: Config): Promise<void> {
  return withDb(config, async (db) => {
    await prepareDatabase(db, config, { seed: false });
    console.log((await applySeed(db, config.project, true)) ? 'loaded seed.sql' : 'no seed.sql in the project');
  });
}

export function runReset(config: Config): Promise<void> {
  return withDb(config, async (db) => {
    await resetDatabase(db);
    const { migrations, seeded } = await prepareDatabase(db, config);
    console.log(`reset: applied ${migrations.length} migration(s)${seeded ? ', loaded seed.sql' : ''}`);
  });
}
