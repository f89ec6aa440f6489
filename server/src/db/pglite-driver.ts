import { mkdirSync } from 'node:fs';
import { lockDataDir } from './data-dir-lock.ts';
import type { Db, NotifyHandler, Queryable, QueryResult, RequestContext, Statement } from './db-types.ts';
import { DEFAULT_LIMIT_MS, PgliteHost, type DbLog, type Instance } from './pglite-host.ts';
import { requestContextStatement } from './request-settings.ts';
import { restarting } from './pglite-wire.ts';
import { pgliteModules } from './extensions.ts';

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
}

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
  const host = new PgliteHost({
    dataDir,
    extensions: pgliteModules(opts.extensions),
    image: loadDataDir,
    log: opts.log,
    onNotify: (channel, payload) => {
      for (const h of handlers.get(channel) ?? []) h(payload);
    },
    channels: () => handlers.keys(),
  });
  try {
    await host.ready;
  } catch (err) {
    await host.close();
    lock?.release();
    throw err;
  }

  // PGlite serialises transactions behind its own mutex; raw BEGIN would not be isolated.
  async function inTransaction<T>(fn: (tx: Queryable) => Promise<T>, ctx?: RequestContext): Promise<T> {
    const limitMs = timeoutMs(ctx?.settings?.statement_timeout) || DEFAULT_LIMIT_MS;
    const { inst } = await host.current();
    const setup = ctx ? { ...requestContextStatement(ctx), readOnly: ctx.readOnly === true } : undefined;
    const tx = (await inst.send({ t: 'begin', setup, limitMs })) as number;
    const end = (mode: 'commit' | 'rollback') => inst.send({ t: 'end', tx, mode, limitMs });
    try {
      const out = await fn(onTransaction(inst, tx, limitMs));
      await end('commit');
      return out;
    } catch (err) {
      await end('rollback').catch(() => {});
      throw err;
    }
  }

  let nextWireClient = 1;
  function wireClient(): WireClient {
    const client = nextWireClient++;
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
        if (!bound || bound.dead) return;
        await bound.send({ t: 'wire-close', client, limitMs: DEFAULT_LIMIT_MS }).catch(() => {});
      },
    };
  }

  return {
    kind: 'pglite',
    wireClient,
    query: async <T>(sql: string, params?: unknown[]) => result<T>(await host.call({ t: 'query', sql, params, limitMs: DEFAULT_LIMIT_MS })),
    exec: async (sql) => {
      await host.call({ t: 'exec', sql, limitMs: 0 });
    },
    transaction: (fn) => inTransaction(fn),
    asRole: (ctx, fn) => inTransaction(fn, ctx),
    async runAsRole(ctx: RequestContext, statements: Statement[], opts: { rollback?: boolean } = {}) {
      const results: QueryResult[] = [];
      const undo = new Error('rollback');
      try {
        await inTransaction(async (tx) => {
          for (const st of statements) results.push(await tx.query(st.sql, st.params));
          if (opts.rollback) throw undo;
        }, ctx);
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
    async notify(channel, payload) {
      await host.call({ t: 'query', sql: 'select pg_notify($1, $2)', params: [channel, payload], limitMs: DEFAULT_LIMIT_MS });
    },
    dumpDataDir: () => host.dump(),
    async close() {
      await host.close();
      lock?.release();
    },
  };
}

function onTransaction(inst: Instance, tx: number, limitMs: number): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => result<T>(await inst.send({ t: 'query', tx, sql, params, limitMs })),
    async exec(sql: string) {
      await inst.send({ t: 'exec', tx, sql, limitMs });
    },
  };
}
