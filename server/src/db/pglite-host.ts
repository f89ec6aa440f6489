import { Worker } from 'node:worker_threads';
import { BUSY_SLOTS, fromWire, pgError, restarting, type FromPglite, type PgliteBootData, type ToPglite } from './pglite-wire.ts';
import { Watchdog } from './pglite-watchdog.ts';

/** Where the supervisor reports what it did; the server passes its logger. */
export interface DbLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PgliteHostOptions {
  dataDir?: string;
  /** Extension bundle modules to load (extensions.ts `pgliteModules`). */
  extensions: string[];
  /** Memory instances: the image to start from (and to start again from if everything is lost). */
  image?: Blob;
  log?: DbLog;
  onNotify(channel: string, payload: string): void;
  /** Channels to LISTEN on again in a replacement instance. */
  channels(): Iterable<string>;
  /** The turn's length when a request's statement has run `ranMs`, past it, while another client waits: it is then cancelled (decision 0255). */
  overdue?(ranMs: number): number | undefined;
}

type Request = ToPglite extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

/**
 * How long Postgres may be busy with one operation before the watchdog ends it (decision 0090).
 * Generous on purpose: only a query that holds the whole embedded database this long is stuck.
 */
export const DEFAULT_LIMIT_MS = 60_000;
/** Stack for the worker: deep enough that Postgres's own recursion check fires first. */
const STACK_MB = 64;
const REPLACE_WAIT_MS = 30_000;

/** One worker thread running PGlite, from boot to death. */
export class Instance {
  readonly ready: Promise<void>;
  readonly worker: Worker;
  dead = false;
  private readonly busy = new Float64Array(new SharedArrayBuffer(BUSY_SLOTS * Float64Array.BYTES_PER_ELEMENT));
  private readonly pending = new Map<number, Pending>();
  private readonly watch: Watchdog;
  private nextId = 1;

  private readonly onFailure: (inst: Instance, why: string, stuckOp?: number) => void;

  constructor(opts: PgliteHostOptions, image: Blob | undefined, onFailure: (inst: Instance, why: string, stuckOp?: number) => void) {
    this.onFailure = onFailure;
    const data: PgliteBootData = { dataDir: opts.dataDir, extensions: opts.extensions, image, busy: this.busy.buffer as SharedArrayBuffer };
    this.worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
      workerData: data,
      resourceLimits: { stackSizeMb: STACK_MB },
    });
    this.watch = new Watchdog(this.busy, this.worker, {
      overdue: (ranMs) => opts.overdue?.(ranMs),
      stuck: (op, why) => this.onFailure(this, why, op),
    });
    const booted = Promise.withResolvers<void>();
    this.ready = booted.promise;
    this.worker.on('message', (m: FromPglite) => {
      switch (m.t) {
        case 'ready':
          return booted.resolve();
        case 'boot-error':
          return booted.reject(fromWire(m.error));
        case 'ok':
        case 'err': {
          const p = this.pending.get(m.id);
          if (!p) return;
          this.pending.delete(m.id);
          if (this.pending.size === 0) this.watch.stop();
          if (m.t === 'ok') return p.resolve(m.value);
          // The instance is gone before its culprit hears so: its next call goes to the new one.
          if (m.broken) this.onFailure(this, m.broken);
          return p.reject(fromWire(m.error));
        }
        case 'notify':
          return opts.onNotify(m.channel, m.payload);
        case 'broken':
          return this.onFailure(this, m.reason);
      }
    });
    this.worker.on('error', (err) => {
      booted.reject(err);
      this.onFailure(this, `worker failed: ${err.message}`);
    });
    this.worker.on('exit', (code) => {
      booted.reject(new Error(`the embedded database exited (code ${code})`));
      if (!this.dead) this.onFailure(this, `worker exited with code ${code}`);
      this.dead = true;
      this.failAll(() => restarting());
    });
  }

  /** Operations sent and not yet answered (running, or waiting inside the worker for the backend). */
  get inFlight(): number {
    return this.pending.size;
  }

  send(msg: Request, allowDead = false): Promise<unknown> {
    if (this.dead && !allowDead) return Promise.reject(restarting());
    const id = this.nextId++;
    const done = Promise.withResolvers<unknown>();
    this.pending.set(id, done);
    this.worker.postMessage({ ...msg, id });
    this.watch.start();
    return done.promise;
  }

  /** Fails every operation waiting on this instance; `errFor` may single one out. */
  failAll(errFor: (id: number) => Error): void {
    const all = [...this.pending];
    this.pending.clear();
    this.watch.stop();
    for (const [id, p] of all) p.reject(errFor(id));
  }
}

/**
 * Runs PGlite in a worker thread and keeps it usable: a statement past its time limit is
 * cancelled inside Postgres (57014, the instance lives on: decision 0254); when Postgres inside
 * breaks (an internal error, a trap, an exhausted stack) or a statement does not stop when
 * cancelled, the worker is ended and a fresh one opens the same data folder; Postgres's crash recovery replays the WAL,
 * so every committed transaction is there. Operations in flight fail with 57P01 (the stuck one
 * with 57014, as a statement timeout); later ones wait for the new instance. Decision 0090.
 */
export class PgliteHost {
  private inst: Instance;
  private generation = 0;
  private closed = false;
  /** Set while a replacement is being opened: new operations wait for it. */
  private replacing: Promise<void> | undefined;

  private readonly opts: PgliteHostOptions;

  constructor(opts: PgliteHostOptions) {
    this.opts = opts;
    this.inst = this.spawn(opts.image);
  }

  get ready(): Promise<void> {
    return this.inst.ready;
  }

  private spawn(image: Blob | undefined): Instance {
    this.generation++;
    return new Instance(this.opts, image, (inst, why, stuckOp) => this.failed(inst, why, stuckOp));
  }

  /** The live instance, after any replacement under way; and its generation (transactions are tied to it). */
  async current(): Promise<{ inst: Instance; generation: number }> {
    if (this.closed) throw new Error('the database is closed');
    // Operations wait for a replacement under way, but not forever (a folder that will not open).
    if (this.replacing) await withTimeout(this.replacing, REPLACE_WAIT_MS).catch(() => Promise.reject(restarting()));
    if (this.closed) throw new Error('the database is closed');
    await this.inst.ready;
    return { inst: this.inst, generation: this.generation };
  }

  async call(msg: Request): Promise<unknown> {
    const { inst } = await this.current();
    return inst.send(msg);
  }

  private failed(inst: Instance, why: string, stuckOp?: number): void {
    if (inst.dead || inst !== this.inst || this.closed) return;
    inst.dead = true;
    const log = this.opts.log;
    log?.error({ why, dataDir: this.opts.dataDir ?? 'memory' }, 'embedded database failed; reopening it');
    const timeout = () => pgError('canceling statement due to statement timeout', '57014');
    // The stuck operation is the one the watchdog saw; a broken instance already answered its culprit.
    inst.failAll((id) => (id === stuckOp ? timeout() : restarting()));
    this.replacing = (async () => {
      let image = this.opts.image;
      if (!this.opts.dataDir && stuckOp === undefined) {
        // A memory instance keeps its files in the worker: take them before ending it. Only
        // Postgres is damaged; its files are what a crash leaves, and recovery replays them.
        image = await withTimeout(inst.send({ t: 'dump' }, true), 30_000).then(
          (buf) => new Blob([buf as ArrayBuffer]),
          () => this.opts.image,
        );
      }
      if (!this.opts.dataDir && image === this.opts.image) {
        log?.error({}, 'the in-memory database could not be saved; it starts again from its initial state');
      }
      await inst.worker.terminate();
      await this.reopen(image);
      if (!this.closed) log?.warn({ dataDir: this.opts.dataDir ?? 'memory' }, 'embedded database reopened');
    })().finally(() => {
      this.replacing = undefined;
    });
  }

  /**
   * Closes the live instance cleanly and opens its data folder in a new worker, which gives the
   * worker's WebAssembly memory back to the system (a `WebAssembly.Memory` only grows: decision
   * 0466). The caller holds the database's turn, so no transaction is open; operations sent
   * meanwhile wait for the new instance, as during a replacement. Data folders only.
   */
  async recycle(): Promise<void> {
    if (this.closed || this.replacing || !this.opts.dataDir) return;
    const inst = this.inst;
    this.replacing = (async () => {
      await shut(inst);
      await this.reopen(undefined);
    })().finally(() => {
      this.replacing = undefined;
    });
    await this.replacing;
  }

  /** A new instance on the same data (or `image`), listening again on the server's channels; retried until it opens or the host closes. */
  private async reopen(image: Blob | undefined): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const next = this.spawn(image);
      try {
        await next.ready;
        if (this.closed) {
          await next.worker.terminate();
          return;
        }
        for (const channel of this.opts.channels()) await next.send({ t: 'listen', channel });
        this.inst = next;
        return;
      } catch (err) {
        this.opts.log?.error({ err }, 'embedded database could not be reopened; trying again in 5 s');
        await next.worker.terminate();
        await new Promise((r) => setTimeout(r, 5000));
      }
    }
  }

  async dump(): Promise<Blob> {
    return new Blob([(await this.call({ t: 'dump' })) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.replacing;
    await shut(this.inst);
  }
}

/** Closes Postgres in a live instance (its shutdown checkpoint) and ends the worker. */
async function shut(inst: Instance): Promise<void> {
  if (!inst.dead) {
    inst.dead = true;
    await withTimeout(inst.send({ t: 'close' }, true), 30_000).catch(() => {});
  }
  await inst.worker.terminate();
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)))]).finally(() => clearTimeout(timer));
}
