import { availableParallelism } from 'node:os';
import pg from 'pg';
import type { Db, NotifyHandler, PoolStats, Queryable, QueryResult, RequestContext, Statement } from './db-types.ts';
import { runPipeline } from './pg-pipeline.ts';
import { FairTurns, HOG_MS } from './fair-turns.ts';
import { applyRequestContext, requestContextStatement } from './request-settings.ts';
import { clientOf } from './request-scope.ts';

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await client.query(sql, params as unknown[]);
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? 0, fields: r.fields };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/**
 * PostgreSQL through a pg pool. LISTEN uses one dedicated connection shared by all channels,
 * so notifications sent by any server instance reach every instance.
 */
export async function openPostgres(url: string, poolSize = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'gather-server' });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  await pool.query('select 1'); // fail fast with the driver's own message on a bad URL

  // Pool use for metrics: a checkout that finds no idle connection waits (or opens one).
  const stats = { checkouts: 0, waits: 0, waitSeconds: 0 };
  async function checkout(): Promise<pg.PoolClient> {
    stats.checkouts++;
    if (pool.idleCount > 0) return pool.connect();
    const started = performance.now();
    stats.waits++;
    try {
      return await pool.connect();
    } finally {
      stats.waitSeconds += (performance.now() - started) / 1000;
    }
  }

  // Requests take connections in fair turns (decision 0255): one connection is always left for
  // the server's own work (auth, cron, schema reloads), and one for a client other than the
  // busiest, so a client with many slow requests queued cannot hold the whole pool. A client
  // hogging the database runs on half the cores at most: its statements, each on a backend of
  // its own, would otherwise take the CPU that everyone else's need. Before it counts as a hog,
  // while anyone else uses the database, a client holds as many as there are cores (0458).
  const cores = availableParallelism();
  const hog = { ms: HOG_MS, maxTurns: Math.max(1, Math.floor(cores / 2)) };
  const requestTurns = new FairTurns(poolSize - 1, poolSize - 2, hog, cores);
  async function inRequestTurn<T>(ctx: RequestContext, fn: () => Promise<T>): Promise<T> {
    const release = await requestTurns.acquire(clientOf(ctx));
    try {
      return await fn();
    } finally {
      release();
    }
  }

  const handlers = new Map<string, Set<NotifyHandler>>();
  let listener: pg.Client | undefined;
  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    const c = new pg.Client({ connectionString: url, application_name: 'gather-server-listen' });
    c.on('error', () => {});
    c.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    await c.connect();
    listener = c;
    return c;
  }

  async function inTransaction<T>(fn: (tx: Queryable) => Promise<T>, ctx?: RequestContext): Promise<T> {
    const client = await checkout();
    let broken = false;
    try {
      await client.query('BEGIN');
      const tx = wrap(client);
      if (ctx) await applyRequestContext(tx, ctx);
      const out = await fn(tx);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /**
   * The settings and the statements in one exchange (see pg-pipeline.ts): an implicit
   * transaction committed at Sync. With `rollback` they run inside BEGIN … ROLLBACK instead.
   */
  async function runAsRole(ctx: RequestContext, statements: Statement[], opts: { rollback?: boolean } = {}): Promise<QueryResult[]> {
    const client = await checkout();
    let broken = false;
    // The settings statement's row (the values just set) is not read: not parsed either.
    const list: (Statement & { prepare?: boolean; discardRows?: boolean })[] = [{ ...requestContextStatement(ctx), discardRows: true }, ...statements];
    if (opts.rollback) list.unshift({ sql: 'BEGIN', prepare: false });
    if (opts.rollback) list.push({ sql: 'ROLLBACK', prepare: false });
    try {
      const results = await runPipeline(client, list);
      return results.slice(opts.rollback ? 2 : 1, opts.rollback ? -1 : undefined);
    } catch (err) {
      // An error inside BEGIN leaves the block open (aborted) after Sync: close it.
      if (opts.rollback) await client.query('ROLLBACK').catch(() => (broken = true));
      throw err;
    } finally {
      client.release(broken);
    }
  }

  const separate = new Map<string, pg.Pool>();
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => inTransaction(fn),
    asRole: (ctx, fn) => inRequestTurn(ctx, () => inTransaction(fn, ctx)),
    runAsRole: (ctx, statements, opts) => inRequestTurn(ctx, () => runAsRole(ctx, statements, opts)),
    async listen(channel, handler) {
      const c = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await c.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    separatePool(name, max) {
      let p = separate.get(name);
      if (!p) {
        // Its connections stay open when idle: background work comes in bursts, and a fresh
        // backend costs a connection and cold plan caches on the burst's first statement.
        p = new pg.Pool({ connectionString: url, max, application_name: name, idleTimeoutMillis: 0 });
        p.on('error', () => {});
        separate.set(name, p);
      }
      return wrap(p);
    },
    poolStats(): PoolStats {
      return { size: pool.totalCount, max: poolSize, idle: pool.idleCount, waiting: pool.waitingCount, ...stats };
    },
    async close() {
      await listener?.end().catch(() => {});
      listener = undefined;
      for (const p of separate.values()) await p.end().catch(() => {});
      separate.clear();
      await pool.end();
    },
  };
}
