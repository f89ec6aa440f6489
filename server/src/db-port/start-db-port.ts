import type { Config } from '../config/config-schema.ts';
import type { Db } from '../db/db-types.ts';
import type { PgliteDb } from '../db/pglite-driver.ts';
import { serveDbPort, type DbPort } from './db-port-server.ts';
import { dbPortUrl, recordDbPort } from '../db/db-port-url.ts';

/**
 * Starts the database port where it applies: PGlite with `[db] port` not "off". A port already
 * in use (another server on this machine) is a warning, not a failed start: the API does not
 * need it. On PostgreSQL tools connect to that server, so nothing listens here.
 */
export async function startDbPort(
  db: Db,
  config: Config,
  log: { warn(obj: object, msg: string): void },
): Promise<DbPort | undefined> {
  if (db.kind !== 'pglite' || config.dbPort === undefined || !('wireClient' in db)) return undefined;
  try {
    const served = await serveDbPort(db as PgliteDb, { port: config.dbPort, log });
    recordDbPort(db, served.port);
    return {
      port: served.port,
      async close() {
        recordDbPort(db, undefined);
        await served.close();
      },
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    log.warn({ port: config.dbPort }, `database port ${config.dbPort} is in use: psql and other tools cannot reach this server's database (set [db] port or --db-port)`);
    return undefined;
  }
}

export { dbPortUrl };

/** What start says about the database port where it does not apply (PostgreSQL, several workers). */
export function dbPortNotes(config: Config, workers = 1): string[] {
  if (config.dbTarget.kind !== 'postgres') return [];
  const notes = [];
  if (config.dbPort !== 54322 && config.dbPort !== undefined) {
    notes.push(`[db] port = ${config.dbPort} applies to the embedded database only: on PostgreSQL, tools connect to DATABASE_URL's server`);
  }
  if (workers > 1) notes.push(`${workers} workers: each connects to PostgreSQL; there is no embedded database, so no database port and no PGlite extension loading (create extension uses what the PostgreSQL server has)`);
  return notes;
}
