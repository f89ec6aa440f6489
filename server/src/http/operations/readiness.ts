import { join } from 'node:path';
import type { Config } from '../../config/config-schema.ts';
import type { Db } from '../../db/db-types.ts';
import { listMigrations } from '../../db/migrations.ts';

export interface ReadinessReport {
  ready: boolean;
  checks: { database: string; migrations: string; accepting: string };
}

const DB_TIMEOUT_MS = 2000;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What `/ready` asks: the database answers, every migration in the project folder is recorded as
 * applied (another instance may still be migrating), and this process is not draining. Once the
 * migrations are all there they stay there, so later probes cost one `select 1`.
 */
export class Readiness {
  draining = false;
  private migrationsDone = false;
  private readonly db: Db;
  private readonly expected: string[];

  constructor(db: Db, config: Config) {
    this.db = db;
    this.expected = listMigrations(join(config.project, 'migrations')).map((m) => m.version);
  }

  async check(): Promise<ReadinessReport> {
    const checks = { database: 'ok', migrations: 'ok', accepting: this.draining ? 'draining: shutting down' : 'ok' };
    try {
      await withTimeout(this.db.query('select 1'), DB_TIMEOUT_MS, 'the database');
      if (!this.migrationsDone) {
        const { rows } = await this.db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
        const applied = new Set(rows.map((r) => r.version));
        const pending = this.expected.filter((v) => !applied.has(v));
        if (pending.length) checks.migrations = `${pending.length} pending: ${pending.slice(0, 5).join(', ')}${pending.length > 5 ? ', …' : ''}`;
        else this.migrationsDone = true;
      }
    } catch (err) {
      checks.database = `unreachable: ${(err as Error).message}`;
      if (!this.migrationsDone) checks.migrations = 'unknown: the database is unreachable';
    }
    return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
  }
}
