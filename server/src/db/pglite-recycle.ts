/**
 * PGlite's memory given back after a large statement (decision 0466). Postgres frees what a
 * statement allocated, but inside PGlite's WebAssembly memory, which only grows: one aggregate
 * of 200 MB left a worker at 673 MiB of wasm memory for good (189 after its open). So when the
 * database has been idle a while and its wasm memory has grown past a margin since it opened,
 * the driver closes the instance and opens the data folder again in a new worker
 * (PgliteHost.recycle): a clean close, no recovery, 1.7–2.6 s measured on a loaded 2-core
 * machine, during which requests wait.
 */

export interface RecycleOptions {
  /** Growth of the wasm memory since the instance opened that is worth a reopen, in MiB; 0 = never. */
  growthMib: number;
  /** How long no request may have come before the reopen. */
  idleMs: number;
  /** How often to look. */
  checkMs: number;
}

/** `GATHER_PGLITE_RECYCLE_MIB`'s default: well above what Gather's reads leave (tens of MiB), well below a large statement's growth. */
export const DEFAULT_RECYCLE_MIB = 128;
const DEFAULT_IDLE_MS = 60_000;
const DEFAULT_CHECK_MS = 30_000;

export function recycleOptions(env: NodeJS.ProcessEnv = process.env): RecycleOptions {
  const mib = Number(env.GATHER_PGLITE_RECYCLE_MIB ?? DEFAULT_RECYCLE_MIB);
  return { growthMib: Number.isFinite(mib) && mib > 0 ? mib : 0, idleMs: DEFAULT_IDLE_MS, checkMs: DEFAULT_CHECK_MS };
}

export interface RecycleHooks {
  /** The live instance's wasm memory in bytes. */
  memory(): Promise<number>;
  /** When the last request's turn ended (ms, performance.now()), and whether a database-port client is connected. */
  quiet(): { lastRequestAt: number; portClients: number };
  /** Runs `fn` in the server's own turn of the database: no transaction is open meanwhile. */
  inTurn(fn: () => Promise<void>): Promise<void>;
  /** Closes and reopens the instance (PgliteHost.recycle). */
  reopen(): Promise<void>;
  log?: { warn(obj: object, msg: string): void };
}

/** Starts looking every `checkMs`; `stop()` ends it. */
export function startRecycling(hooks: RecycleHooks, opts: RecycleOptions): { stop(): void } {
  if (opts.growthMib <= 0) return { stop() {} };
  let opened: number | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  /** No request lately and no database-port client (a tool's session lives in the instance: it would be ended). */
  const quiet = () => {
    const { lastRequestAt, portClients } = hooks.quiet();
    return !stopped && portClients === 0 && performance.now() - lastRequestAt >= opts.idleMs;
  };

  async function look(): Promise<void> {
    // While requests come, the turn and the worker are left to them.
    if (opened !== undefined && !quiet()) return;
    await hooks.inTurn(async () => {
      const bytes = await hooks.memory();
      opened ??= bytes;
      if (!quiet() || bytes - opened < opts.growthMib * 1024 * 1024) return;
      const started = performance.now();
      await hooks.reopen();
      opened = await hooks.memory();
      hooks.log?.warn(
        { grewMib: Math.round((bytes - opened) / 1048576), ms: Math.round(performance.now() - started) },
        'embedded database reopened to give back the memory a large statement took',
      );
    });
  }

  const next = () => {
    timer = setTimeout(() => {
      void look()
        .catch((err) => stopped || hooks.log?.warn({ err: (err as Error).message }, 'memory check failed'))
        .finally(() => {
          if (!stopped) next();
        });
    }, opts.checkMs).unref();
  };
  // The first look right away: the memory the instance opened with is the measure.
  void look().catch(() => {}).finally(() => stopped || next());
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
