import { readFileSync } from 'node:fs';
import type { DbTarget } from '../config/config-schema.ts';
import type { Db } from './db-types.ts';
import type { DbLog } from './pglite-host.ts';
import { openPglite } from './pglite-driver.ts';
import { openPostgres } from './postgres-driver.ts';

export async function openDb(target: DbTarget, log?: DbLog): Promise<Db> {
  switch (target.kind) {
    case 'memory':
      return openPglite(undefined, target.image ? new Blob([readFileSync(target.image)]) : undefined, { log, extensions: target.extensions, turnMs: target.turnMs });
    case 'pglite':
      return openPglite(target.dataDir, undefined, { log, extensions: target.extensions, turnMs: target.turnMs });
    case 'postgres':
      return openPostgres(target.url);
  }
}
