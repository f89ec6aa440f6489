import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDb, type Config } from '../../server/src/index.ts';
import { prepareDatabase } from '../../server/src/db/prepare-database.ts';
import type { PgliteDb } from '../../server/src/db/pglite-driver.ts';
import { seedBucketsOnStart } from '../../server/src/storage/seed-buckets.ts';

/**
 * Every e2e file starts the app on its own database, and building one (platform, ~100
 * migrations, the seed) took ~6–10 s of a file's start on the CI machine, 40 times. The first
 * file builds it once and keeps an image of it (a PGlite data folder tarball); the others start
 * from a copy of that image in memory, each still alone with its data (decision 0360).
 *
 * The image is named by what it is made of (the platform bootstrap, the project's migrations and
 * seed) and by the day: the seed dates events from the day it runs, so a run that crosses
 * midnight builds a new one rather than showing yesterday's "in two days".
 */
export async function preparedImage(config: Config, root: string): Promise<string> {
  const dir = join(root, '.data', 'e2e-db');
  const file = join(dir, `${imageKey(config, root)}.tar`);
  if (existsSync(file)) return file;
  const db = (await openDb({ kind: 'memory', extensions: config.dbTarget.kind === 'memory' ? config.dbTarget.extensions : undefined })) as PgliteDb;
  try {
    // As a first start does: the seed, then config.toml's buckets and their files (the seed's
    // covers), whose bytes go to the storage folder every server of the run shares.
    const prepared = await prepareDatabase(db, config);
    await seedBucketsOnStart(db, config, prepared.seeded, true);
    const image = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed: a file that exists is always a whole image.
    writeFileSync(`${file}.${process.pid}`, image);
    renameSync(`${file}.${process.pid}`, file);
  } finally {
    await db.close();
  }
  return file;
}

function imageKey(config: Config, root: string): string {
  const hash = createHash('sha256');
  const sources = [join(root, 'server/src/db/bootstrap'), join(root, 'server/src/db/bootstrap.ts'), join(config.project, 'migrations'), join(config.project, 'seed.sql')];
  for (const path of sources.flatMap(filesUnder)) hash.update(path).update(readFileSync(path));
  return `${new Date().toISOString().slice(0, 10)}-${hash.digest('hex').slice(0, 16)}`;
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => filesUnder(join(path, name)));
}
