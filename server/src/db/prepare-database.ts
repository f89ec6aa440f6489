import { join } from 'node:path';
import type { Config } from '../config/config-schema.ts';
import type { Db } from './db-types.ts';
import { bootstrapPlatform } from './bootstrap.ts';
import { applyMigrations, type MigrationFile } from './migrations.ts';
import { applySeed } from './seed.ts';

export interface PreparedDatabase {
  migrations: MigrationFile[];
  seeded: boolean;
  /** The seed files loaded, relative to the project folder. */
  seedFiles: string[];
}

/** Platform bootstrap, then the project's migrations, then its seed on first start. */
export async function prepareDatabase(db: Db, config: Config, opts: { seed?: boolean } = {}): Promise<PreparedDatabase> {
  await bootstrapPlatform(db, { autoExposeNewTables: config.autoExposeNewTables });
  const migrations = await applyMigrations(db, join(config.project, 'migrations'));
  const seedFiles = opts.seed === false ? [] : await applySeed(db, config.project, false, { enabled: config.seedEnabled, paths: config.seedPaths });
  return { migrations, seeded: seedFiles.length > 0, seedFiles };
}

/** The roles `authenticator` may switch to: a token naming any other role is refused. */
export async function loadApiRoles(db: Db): Promise<Set<string>> {
  const { rows } = await db.query<{ rolname: string }>(
    `select r.rolname from pg_auth_members m
     join pg_roles r on r.oid = m.roleid
     join pg_roles a on a.oid = m.member
     where a.rolname = 'authenticator'`,
  );
  return new Set(rows.map((r) => r.rolname));
}
