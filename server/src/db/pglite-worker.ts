/**
 * The worker thread that runs PGlite (decision 0090). It answers the main thread's messages and
 * guards the one thing PGlite itself does not: after an exception thrown from inside Postgres
 * that is not Postgres's own error path (the JavaScript stack exhausted by deep recursion, a wasm
 * trap, an exit), PGlite catches it and carries on with Postgres half-unwound — its error
 * handlers point at frames that no longer exist, buffers stay pinned — so the statement
 * "succeeds" with no rows and the next error spins forever. Here such an exception marks the
 * instance broken: no more SQL runs in it, every call fails, and the main thread replaces it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { loadPglite } from './extensions.ts';
import { newClusterImage } from './pglite-new-cluster.ts';
import { WireSessions } from './pglite-wire-sessions.ts';
import { PgliteStatements } from './pglite-prepared.ts';
import { cancelError, installCancelHook } from './pglite-cancel.ts';
import { BUSY_LIMIT, BUSY_OP, BUSY_SINCE, BUSY_YIELDS, pgError, restarting, toWire, type FromPglite, type PgliteBootData, type ToPglite, type TxMode } from './pglite-wire.ts';

// Same text parsing as node-postgres, so rows look alike on both drivers:
// int8 and numeric stay strings (no precision loss).
const PARSERS = { 20: (v: string) => v, 1700: (v: string) => v };

/** Internal errors that mean Postgres's own state is damaged, unless a function raised them on purpose. */
const DAMAGE_CODES = new Set(['XX000', 'XX001', 'XX002']);

const port = parentPort!;
const boot = workerData as PgliteBootData;
const busy = new Float64Array(boot.busy);
const current = new AsyncLocalStorage<{ id: number; limitMs: number; yields?: boolean }>();
const post = (msg: FromPglite, transfer?: ArrayBuffer[]) => port.postMessage(msg, transfer);

/** Set once Postgres can no longer be trusted; `culprit` is the operation that found out. */
let broken: { cause: Error; culprit: number; reported: boolean } | undefined;

function markBroken(err: unknown): Error {
  const e = err as { message?: string; name?: string; code?: string; status?: number };
  const cause =
    e?.name === 'RangeError' && /call stack/i.test(e.message ?? '')
      ? pgError('stack depth limit exceeded', '54001', 'The input is nested too deeply.')
      : typeof e?.code === 'string'
        ? (err as Error)
        : pgError(`the embedded database failed: ${e?.message ?? e?.name ?? `exit ${e?.status}`}`, 'XX000');
  broken ??= { cause, culprit: current.getStore()?.id ?? 0, reported: false };
  return cause;
}

type Mod = Record<string, (...args: unknown[]) => unknown>;

/**
 * Wraps PGlite's entry points into Postgres so a foreign exception stops the instance at once,
 * and marks each protocol exchange in the shared buffer for the main thread's watchdog.
 */
function guard(pg: PGlite, settleCancel: () => void): void {
  const mod = (pg as unknown as { mod: Mod }).mod;
  const LONGJMP = (pg as unknown as { POSTGRES_MAIN_LONGJMP?: number }).POSTGRES_MAIN_LONGJMP ?? 100;
  const loopOnce = mod._PostgresMainLoopOnce!;
  mod._PostgresMainLoopOnce = () => {
    try {
      return loopOnce();
    } catch (err) {
      if ((err as { status?: number })?.status === LONGJMP) throw err; // Postgres's own ERROR path
      markBroken(err);
      // PGlite's loop only leaves through _PostgresMainLongJmp; that (below) now throws.
      throw { status: LONGJMP };
    }
  };
  const longJmp = mod._PostgresMainLongJmp!;
  mod._PostgresMainLongJmp = () => {
    if (broken) throw broken.cause;
    return longJmp();
  };
  for (const name of ['_PostgresSendReadyForQueryIfNecessary', '_pgl_pq_flush']) {
    const fn = mod[name]!;
    mod[name] = (...args: unknown[]) => (broken ? undefined : fn(...args));
  }
  const target = pg as unknown as { execProtocolRawSync(msg: Uint8Array): Uint8Array };
  const rawSync = target.execProtocolRawSync.bind(pg);
  target.execProtocolRawSync = (msg: Uint8Array) => {
    if (broken) throw restarting();
    const op = current.getStore();
    busy[BUSY_SINCE] = Date.now();
    busy[BUSY_LIMIT] = op?.limitMs ?? 0;
    busy[BUSY_YIELDS] = op?.yields ? 1 : 0;
    busy[BUSY_OP] = op?.id ?? -1;
    try {
      return rawSync(msg);
    } finally {
      busy[BUSY_OP] = 0;
      settleCancel();
    }
  };
}

/** An error that may mean Postgres's own state is damaged: worth a health check. */
function suspicious(err: unknown): boolean {
  const e = err as { code?: string; routine?: string };
  // `RAISE … USING ERRCODE = 'XX000'` in a function is the function's business.
  return typeof e?.code === 'string' && DAMAGE_CODES.has(e.code) && e.routine !== 'exec_stmt_raise';
}

/** The operation id the watchdog sees while the health check runs. */
const PROBE_OP = -2;
const PROBE_LIMIT_MS = 10_000;
let probing = false;

/**
 * After an internal error, checks that Postgres still does the two things a damaged instance
 * stops doing: recovering from an error (it spun forever in the reported freeze) and reading
 * the catalog through shared buffers. A failure or a hang (seen by the main thread's watchdog)
 * retires the instance; a benign internal error ("cache lookup failed") costs one probe.
 */
async function probe(): Promise<void> {
  if (probing || broken) return;
  probing = true;
  try {
    await current.run({ id: PROBE_OP, limitMs: PROBE_LIMIT_MS }, async () => {
      const code = await pg.query('select 1/0').then(
        () => 'none',
        (e: { code?: string }) => e?.code,
      );
      if (code !== '22012') throw new Error(`error recovery failed (${code})`);
      await pg.query('select count(*) from pg_catalog.pg_class');
    });
  } catch (err) {
    markBroken(err);
    reportBroken();
  } finally {
    probing = false;
  }
}

function reportBroken(): void {
  if (broken && !broken.reported) {
    broken.reported = true;
    post({ t: 'broken', reason: broken.cause.message });
  }
}

const txs = new Map<number, { tx: Transaction; end(mode: TxMode): void; finished: Promise<void> }>();
const listeners = new Map<string, () => Promise<void>>();
let nextTx = 1;

function on(tx: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return pg;
  const open = txs.get(tx);
  if (!open) throw restarting();
  return open.tx;
}

async function begin(m: Extract<ToPglite, { t: 'begin' }>): Promise<number> {
  const id = nextTx++;
  const started = Promise.withResolvers<void>();
  const ended = Promise.withResolvers<TxMode>();
  const op = current.getStore();
  const finished = pg.transaction(async (tx) => {
    if (m.setup?.readOnly) await tx.exec('SET TRANSACTION READ ONLY');
    if (m.setup) await statements.query(m.setup.sql, m.setup.params);
    // COMMIT and ROLLBACK run later in this same context: they never yield a turn.
    if (op) op.yields = false;
    txs.set(id, { tx, end: ended.resolve, finished });
    started.resolve();
    if ((await ended.promise) === 'rollback') await tx.rollback();
  });
  finished.catch(started.reject).finally(() => txs.delete(id));
  await started.promise;
  return id;
}

async function run(m: ToPglite): Promise<{ value?: unknown; transfer?: ArrayBuffer[] }> {
  switch (m.t) {
    case 'query': {
      const tx = on(m.tx);
      // A request's statements, in its transaction, are prepared once per text (decision 0465).
      const r = m.prepare && m.tx !== undefined ? await statements.query(m.sql, m.params) : await tx.query(m.sql, m.params);
      return { value: { rows: r.rows, affectedRows: r.affectedRows ?? 0, fields: r.fields } };
    }
    case 'exec':
      await on(m.tx).exec(m.sql);
      return {};
    case 'begin':
      return { value: await begin(m) };
    case 'end': {
      const open = txs.get(m.tx);
      if (!open) return {}; // already gone with a failed instance
      open.end(m.mode);
      await open.finished;
      return {};
    }
    case 'listen':
      if (!listeners.has(m.channel)) listeners.set(m.channel, await pg.listen(m.channel, (payload) => post({ t: 'notify', channel: m.channel, payload })));
      return {};
    case 'unlisten': {
      const stop = listeners.get(m.channel);
      listeners.delete(m.channel);
      if (stop && !broken) await stop();
      return {};
    }
    case 'wire':
      return { value: await wire.run(m.client, m.messages) };
    case 'wire-close':
      await wire.close(m.client);
      return {};
    case 'dump': {
      const buf = await (await pg.dumpDataDir('none')).arrayBuffer();
      return { value: buf, transfer: [buf] };
    }
    case 'memory':
      return { value: (pg as unknown as { mod: { wasmMemory: { buffer: ArrayBuffer } } }).mod.wasmMemory.buffer.byteLength };
    case 'close':
      // A broken instance must not run Postgres's shutdown (it would write damaged buffers).
      if (!broken && !pg.closed) await pg.close();
      return {};
  }
}

async function handle(m: ToPglite): Promise<void> {
  const limitMs = 'limitMs' in m ? m.limitMs : 0;
  const yields = 'yields' in m ? m.yields : undefined;
  try {
    const { value, transfer } = await current.run({ id: m.id, limitMs, yields }, () => run(m));
    cancels.reasonFor(m.id);
    post({ t: 'ok', id: m.id, value }, transfer);
  } catch (err) {
    if ((err as { severity?: string })?.severity === 'PANIC') markBroken(err);
    const mine = broken?.culprit === m.id;
    if (mine) broken!.reported = true;
    // Postgres says "due to user request": the server asked, for a reason the caller should hear.
    const reason = cancels.reasonFor(m.id);
    const said = reason && (err as { code?: string })?.code === '57014' ? cancelError(reason) : err;
    post({ t: 'err', id: m.id, error: toWire(mine ? broken!.cause : said), broken: mine ? broken!.cause.message : undefined });
    if (suspicious(err)) void probe();
  } finally {
    reportBroken();
  }
}

let pg: PGlite;
let statements: PgliteStatements;
let wire: WireSessions;
let cancels: ReturnType<typeof installCancelHook>;
try {
  // The PGlite package follows the bundles (decision 0229: PostGIS needs PGlite 0.5.12).
  const { PGlite: Pglite, protocol, extensions, pkg } = await loadPglite(boot.extensions);
  pg = await Pglite.create(boot.dataDir, {
    extensions,
    parsers: PARSERS,
    // A new folder starts from the blank cluster shipped with the server, not initdb (decision 0453).
    loadDataDir: boot.image ?? newClusterImage(boot.dataDir, pkg),
    // Postgres's 128 MB of shared buffers is ~100 MiB resident in the wasm memory, which never
    // shrinks; the files are in the OS page cache anyway. 32 MB by default (decision 0372).
    startParams: [...Pglite.defaultStartParams, '-c', `shared_buffers=${process.env.GATHER_PGLITE_SHARED_BUFFERS || '32MB'}`],
  });
  cancels = installCancelHook(pg, busy);
  guard(pg, () => cancels.settle());
  // PGlite hands NOTIFYs in any output, raw ones included, to its own listeners: the server's
  // channels already reach the server; they are only kept out of the tool's stream.
  statements = new PgliteStatements(pg, protocol);
  wire = new WireSessions(pg, () => listeners.keys(), () => statements.forgetAll());
  await wire.init();
  port.on('message', (m: ToPglite) => void handle(m));
  post({ t: 'ready' });
} catch (err) {
  post({ t: 'boot-error', error: toWire(err) });
}
