import { mkdirSync } from 'node:fs';
import { lockDataDir } from './data-dir-lock.ts';
import type { Db, NotifyHandler, Queryable, QueryResult, RequestContext, Statement } from './db-types.ts';
import { FairTurns, HOG_MS } from './fair-turns.ts';
import { DEFAULT_LIMIT_MS, PgliteHost, type DbLog, type Instance } from './pglite-host.ts';
import { requestContextStatement } from './request-settings.ts';
import { clientOf, SERVER_CLIENT } from './request-scope.ts';
import { restarting } from './pglite-wire.ts';
import { pgliteModules } from './extensions.ts';
import { startAutovacuum } from './pglite-autovacuum.ts';
import { recycleOptions, startRecycling, type RecycleOptions } from './pglite-recycle.ts';

/** One client of the database port (db-port/), as the worker sees it (pglite-wire-sessions.ts). */
export interface WireClient {
  /** Runs protocol messages in order: Postgres's answer, and whether the client still holds the backend. */
  send(messages: Uint8Array[]): Promise<{ out: Uint8Array; holding: boolean }>;
  /** Operations of anyone else waiting for the embedded database. */
  othersWaiting(): boolean;
  /** Rolls back what the client holds and forgets it. */
  close(): Promise<void>;
}

export interface PgliteDb extends Db {
  wireClient(): WireClient;
  /** The data folder as a tarball (what PGlite's `loadDataDir` takes): tests clone a prepared one. */
  dumpDataDir(): Promise<Blob>;
}

export interface PgliteOptions {
  log?: DbLog;
  /** Extensions the project creates (extensionsNamedIn); the always-loaded ones need not be named. */
  extensions?: string[];
  /** How long a request's statement may hold the backend while another client waits (decision 0255); 0 = its whole time limit. */
  turnMs?: number;
  /** Time between autovacuum passes (pglite-autovacuum.ts); default: the database's `autovacuum_naptime`. */
  autovacuumNapMs?: number;
  /** When a data folder's instance is reopened to give back its memory (pglite-recycle.ts); default from GATHER_PGLITE_RECYCLE_MIB. */
  recycle?: RecycleOptions;
}

/** `GATHER_DB_TURN_MS`'s default: far above a typical statement (1–20 ms), well under a second. */
export const DEFAULT_TURN_MS = 100;
/** After another client's turn, a hog waits this long before its own (fair-turns.ts HogLimit.yieldMs). */
const HOG_YIELD_MS = 50;
/** Roles whose REST requests are never cut at their turn: the server's own and trusted callers (functions' service-role calls). */
const UNCUT_ROLES = new Set(['service_role', 'postgres', 'supabase_admin']);

/** `statement_timeout` as Postgres reads it (`8000`, `8s`, `1min`…) in ms; 0 = none. */
export function timeoutMs(value: string | undefined): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|min|h|d)?\s*$/.exec(value ?? '');
  if (!m) return 0;
  const unit = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] ?? 'ms']!;
  return Math.round(Number(m[1]) * unit);
}

function result<T>(value: unknown): QueryResult<T> {
  return value as QueryResult<T>;
}

/**
 * PGlite in memory, or in a data folder (created on first use, reopened after). Postgres runs in
 * a worker thread watched by PgliteHost, so a statement that breaks or hangs the embedded
 * database costs the requests in flight, not the server (decision 0090). A statement runs at
 * most its transaction's `statement_timeout` (REST sets one), else DEFAULT_LIMIT_MS; scripts
 * (`exec` outside a transaction: bootstrap, migrations, seeds) are not limited.
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob, opts: PgliteOptions = {}): Promise<PgliteDb> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Before Postgres touches the files: a second process on this folder would undo our writes.
  const lock = dataDir ? lockDataDir(dataDir) : undefined;
  if (lock?.tookOverFrom) opts.log?.warn({ dataDir, stale: lock.tookOverFrom }, `took over the data folder from pid ${lock.tookOverFrom.pid}, which is gone`);
  const handlers = new Map<string, Set<NotifyHandler>>();
  // One backend: one turn at a time, handed round the clients that wait (decision 0255).
  const turns = new FairTurns(1, 1, { ms: HOG_MS, maxTurns: 1, yieldMs: HOG_YIELD_MS });
  const turnMs = opts.turnMs ?? DEFAULT_TURN_MS;
  /** The turn running now; `yields`: a REST request's, which may be cut short (see overdue). */
  let holder: { client: string; yields: boolean } | undefined;
  /**
   * A REST request's statement is cancelled (57014, 503) when all of these hold: it has run past
   * its turn (turnMs), another client waits for the backend, and its client is hogging it: it
   * held the backend for HOG_MS lately, and more than everyone else together, before this
   * statement (FairTurns.isHog).
   * So a slow statement of a client that has not been hogging the database runs to its statement
   * timeout however busy the machine is; only a client that keeps the backend busy is cut.
   * The server's own work waiting does not count: it can wait.
   */
  function overdue(ranMs: number): number | undefined {
    if (!holder?.yields || turnMs <= 0 || ranMs <= turnMs) return undefined;
    if (!turns.isHog(holder.client)) return undefined;
    return turns.othersWaiting(SERVER_CLIENT) ? turnMs : undefined;
  }

  const host = new PgliteHost({
    dataDir,
    extensions: pgliteModules(opts.extensions),
    image: loadDataDir,
    log: opts.log,
    onNotify: (channel, payload) => {
      for (const h of handlers.get(channel) ?? []) h(payload);
    },
    channels: () => handlers.keys(),
    overdue,
  });
  try {
    await host.ready;
  } catch (err) {
    await host.close();
    lock?.release();
    throw err;
  }

  /** When a request's turn last ended, for pglite-recycle.ts (the server's own work does not count). */
  let lastRequestAt = performance.now();
  /** Database-port clients connected now: their sessions live in the instance. */
  let portClients = 0;

  /** Runs `fn` in the client's turn (PGlite's own mutex would serve everyone first come, first served). */
  async function inTurn<T>(client: string, fn: () => Promise<T>, yields = false): Promise<T> {
    const release = await turns.acquire(client);
    const turn = (holder = { client, yields });
    try {
      return await fn();
    } finally {
      if (holder === turn) holder = undefined;
      if (client !== SERVER_CLIENT) lastRequestAt = performance.now();
      release();
    }
  }

  // PGlite serialises transactions behind its own mutex; raw BEGIN would not be isolated.
  function inTransaction<T>(fn: (tx: PgliteTransaction) => Promise<T>, ctx?: RequestContext, yields = false): Promise<T> {
    const limitMs = timeoutMs(ctx?.settings?.statement_timeout) || DEFAULT_LIMIT_MS;
    // Only a REST request's statements may yield the backend (overdue); the server's own work
    // (auth, storage, realtime, migrations) does not, nor does a commit or rollback.
    const limits = { limitMs, yields };
    return inTurn(clientOf(ctx), async () => {
      const { inst } = await host.current();
      const setup = ctx ? { ...requestContextStatement(ctx), readOnly: ctx.readOnly === true } : undefined;
      const tx = (await inst.send({ t: 'begin', setup, ...limits })) as number;
      const end = (mode: 'commit' | 'rollback') => inst.send({ t: 'end', tx, mode, limitMs });
      try {
        const out = await fn(onTransaction(inst, tx, limits));
        await end('commit');
        return out;
      } catch (err) {
        await end('rollback').catch(() => {});
        throw err;
      }
    }, yields);
  }

  // What PostgreSQL's own background workers would do (decision 0464), in the server's turns.
  const autovacuum = startAutovacuum(
    (sql) => inTurn(SERVER_CLIENT, async () => result(await host.call({ t: 'query', sql, limitMs: DEFAULT_LIMIT_MS }))),
    opts.log,
    { napMs: opts.autovacuumNapMs },
  );

  // A data folder's instance is reopened when idle after a large statement grew its memory (decision 0466).
  const recycling = dataDir
    ? startRecycling(
        {
          memory: async () => (await host.call({ t: 'memory' })) as number,
          quiet: () => ({ lastRequestAt, portClients }),
          inTurn: (fn) => inTurn(SERVER_CLIENT, fn),
          reopen: () => host.recycle(),
          log: opts.log,
        },
        opts.recycle ?? recycleOptions(),
      )
    : undefined;

  let nextWireClient = 1;
  function wireClient(): WireClient {
    const client = nextWireClient++;
    let open = true;
    portClients++;
    let bound: Instance | undefined;
    let inFlight = 0;
    // A client belongs to one instance: if that one is replaced, its session is gone with it.
    const instance = async () => {
      const { inst } = await host.current();
      bound ??= inst;
      if (inst !== bound) throw restarting();
      return inst;
    };
    return {
      async send(messages) {
        inFlight++;
        try {
          const inst = await instance();
          return (await inst.send({ t: 'wire', client, messages, limitMs: DEFAULT_LIMIT_MS })) as { out: Uint8Array; holding: boolean };
        } finally {
          inFlight--;
        }
      },
      othersWaiting: () => (bound && !bound.dead ? bound.inFlight - inFlight > 0 : false),
      async close() {
        if (open) portClients--;
        open = false;
        if (!bound || bound.dead) return;
        await bound.send({ t: 'wire-close', client, limitMs: DEFAULT_LIMIT_MS }).catch(() => {});
      },
    };
  }

  return {
    kind: 'pglite',
    wireClient,
    query: <T>(sql: string, params?: unknown[]) => inTurn(clientOf(), async () => result<T>(await host.call({ t: 'query', sql, params, limitMs: DEFAULT_LIMIT_MS }))),
    exec: (sql) =>
      inTurn(clientOf(), async () => {
        await host.call({ t: 'exec', sql, limitMs: 0 });
      }),
    transaction: (fn) => inTransaction(fn),
    asRole: (ctx, fn) => inTransaction(fn, ctx),
    async runAsRole(ctx: RequestContext, statements: Statement[], opts: { rollback?: boolean } = {}) {
      const results: QueryResult[] = [];
      const undo = new Error('rollback');
      try {
        await inTransaction(async (tx) => {
          for (const st of statements) results.push(await tx.prepared(st.sql, st.params));
          if (opts.rollback) throw undo;
        }, ctx, !UNCUT_ROLES.has(ctx.role));
      } catch (err) {
        if (err !== undo) throw err;
      }
      return results;
    },
    async listen(channel: string, handler: NotifyHandler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await host.call({ t: 'listen', channel });
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await host.call({ t: 'unlisten', channel }).catch(() => {});
        }
      };
    },
    notify: (channel, payload) =>
      inTurn(clientOf(), async () => {
        await host.call({ t: 'query', sql: 'select pg_notify($1, $2)', params: [channel, payload], limitMs: DEFAULT_LIMIT_MS });
      }),
    dumpDataDir: () => host.dump(),
    async close() {
      autovacuum.stop();
      recycling?.stop();
      await host.close();
      lock?.release();
    },
  };
}

/** A transaction's statements; `prepared` as a named prepared statement (decision 0465). */
interface PgliteTransaction extends Queryable {
  prepared(sql: string, params?: unknown[]): Promise<QueryResult>;
}

function onTransaction(inst: Instance, tx: number, limits: { limitMs: number; yields: boolean }): PgliteTransaction {
  return {
    query: async <T>(sql: string, params?: unknown[]) => result<T>(await inst.send({ t: 'query', tx, sql, params, ...limits })),
    prepared: async (sql: string, params?: unknown[]) => result(await inst.send({ t: 'query', tx, sql, params, prepare: true, ...limits })),
    async exec(sql: string) {
      await inst.send({ t: 'exec', tx, sql, ...limits });
    },
  };
}
