import type { DbTarget } from '../config/config-schema.ts';
import type { Db } from './db-types.ts';
import { openPglite } from './pglite-driver.ts';
import { openPostgres } from './postgres-driver.ts';

export async function openDb(target: DbTarget): Promise<Db> {
  switch (target.kind) {
    case 'memory':
      return openPglite();
    case 'pglite':
      return openPglite(target.dataDir);
    case 'postgres':
      return openPostgres(target.url);
  }
}
