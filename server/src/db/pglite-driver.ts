import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { citext } from '@electric-sql/pglite/contrib/citext';
import type { Db, NotifyHandler, Queryable, QueryResult, RequestContext } from './db-types.ts';
import { applyRequestContext } from './request-settings.ts';

/** The extensions a Supabase database offers that PGlite ships; loaded on first use. */
const EXTENSIONS = { pgcrypto, uuid_ossp, pg_trgm, citext };

// Same text parsing as node-postgres, so rows look alike on both drivers:
// int8 and numeric stay strings (no precision loss).
const PARSERS = { 20: (v: string) => v, 1700: (v: string) => v };

type PGliteQueryable = Pick<Transaction, 'query' | 'exec'>;

function wrap(q: PGliteQueryable): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params);
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0, fields: r.fields };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

/** PGlite in memory, or in a data folder (created on first use, reopened after). */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db & { pglite: PGlite }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, { extensions: EXTENSIONS, parsers: PARSERS, loadDataDir });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    pglite: pg,
    query: base.query,
    exec: base.exec,
    // PGlite serialises transactions behind its own mutex; raw BEGIN would not be isolated.
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    asRole: <T>(ctx: RequestContext, fn: (tx: Queryable) => Promise<T>) =>
      pg.transaction(async (tx) => {
        const q = wrap(tx);
        await applyRequestContext(q, ctx);
        return fn(q);
      }),
    async listen(channel: string, handler: NotifyHandler) {
      const stop = await pg.listen(channel, handler);
      return async () => {
        if (!pg.closed) await stop();
      };
    },
    async notify(channel, payload) {
      await pg.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
