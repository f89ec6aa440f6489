import { existsSync, mkdtempSync, readdirSync, rmSync, watch, type FSWatcher } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import type { FunctionSettings } from '../config/functions-config.ts';
import { bundleFunction, BundleError } from './function-bundler.ts';
import { FunctionFailure } from './function-errors.ts';
import type { WorkerLimits, WorkerLoss } from './function-worker.ts';
import type { ImportSources } from './deno-imports/import-cache.ts';
import { loadImportMap } from './import-map.ts';
import { WorkerPool } from './worker-pool.ts';

const ENTRY_FILES = ['index.ts', 'index.tsx', 'index.js', 'index.mjs', 'index.jsx'];
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

interface Built {
  pool?: WorkerPool;
  file?: string;
  error?: string;
  /** Imports that could not be had, named in the BOOT_ERROR answer. */
  unavailable?: string;
  inputs: Set<string>;
}

export interface DeployedFunction {
  name: string;
  dir: string;
  entry: string;
  verifyJwt: boolean;
  build?: Promise<Built>;
  stale: boolean;
}

export interface RegistryOptions {
  projectDir: string;
  settings: Record<string, FunctionSettings>;
  limits: WorkerLimits;
  workersPerFunction: number;
  /** A worker with nothing to do for this long exits; the next request starts one again. */
  workerIdleMs: number;
  /** Registries, origins and cache for `npm:`, `jsr:` and URL imports. */
  sources: ImportSources;
  /** The functions' environment; read when a function's workers start. */
  env: () => Record<string, string>;
  /** Development: rebuild a function when one of its files changes, pick up new ones. */
  watch: boolean;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Each worker lost to a failure (memory, exit, timeout, boot) and replaced: the restart metric. */
  onWorkerLost?: (fn: string, loss: WorkerLoss) => void;
}

/**
 * The project's functions (`functions/<name>/index.ts`): each bundled once, on its first request,
 * and served by its own worker pool. In development a change to any file a function was built from marks it
 * stale; the next request rebuilds it and the old workers finish what they have in hand.
 */
export class FunctionRegistry {
  private readonly fns = new Map<string, DeployedFunction>();
  private readonly outDir = mkdtempSync(join(tmpdir(), 'gather-functions-'));
  private readonly functionsDir: string;
  private watcher: FSWatcher | undefined;
  private readonly opts: RegistryOptions;

  constructor(opts: RegistryOptions) {
    this.opts = opts;
    this.functionsDir = join(opts.projectDir, 'functions');
  }

  /**
   * Finds the functions. None is bundled yet: each is bundled on its first request and kept, so a
   * start pays neither esbuild's time nor its ~130 MiB service for functions nobody calls
   * (decision 0400). A function that fails to bundle answers BOOT_ERROR from then on.
   */
  async start(): Promise<void> {
    this.discover();
    this.watchFolder();
  }

  private watchFolder(): void {
    if (!this.opts.watch || this.watcher || !existsSync(this.functionsDir)) return;
    try {
      this.watcher = watch(this.functionsDir, { recursive: true }, (_event, file) => file && this.changed(join(this.functionsDir, file)));
      this.watcher.on('error', () => {});
    } catch (err) {
      this.opts.log.error({ err }, 'functions: cannot watch for changes');
    }
  }

  names(): string[] {
    return [...this.fns.keys()];
  }

  private discover(): void {
    const found = new Map<string, string>();
    if (existsSync(this.functionsDir)) {
      for (const d of readdirSync(this.functionsDir, { withFileTypes: true })) {
        if (!d.isDirectory() || !NAME.test(d.name)) continue; // `_shared` and dot folders are not functions
        const entry = ENTRY_FILES.map((f) => join(this.functionsDir, d.name, f)).find((f) => existsSync(f));
        if (entry) found.set(d.name, entry);
      }
    }
    for (const [name, s] of Object.entries(this.opts.settings)) {
      if (s.entrypoint && NAME.test(name)) found.set(name, resolve(this.opts.projectDir, s.entrypoint));
    }
    for (const [name, entry] of found) {
      const s = this.opts.settings[name];
      if (s?.enabled === false || this.fns.has(name)) continue;
      this.fns.set(name, { name, dir: join(this.functionsDir, name), entry, verifyJwt: s?.verifyJwt ?? true, stale: false });
    }
  }

  /** The function of that name, rebuilt first if stale; undefined when there is none. */
  async get(name: string): Promise<DeployedFunction | undefined> {
    if (!this.fns.has(name) && this.opts.watch) {
      this.discover();
      this.watchFolder(); // the functions folder may have been created since start
    }
    const fn = this.fns.get(name);
    if (fn && this.opts.watch && !existsSync(fn.entry)) {
      this.fns.delete(name);
      void fn.build?.then((b) => b.pool?.retire());
      return undefined;
    }
    return fn;
  }

  /** The function's workers, or a BOOT_ERROR failure when it did not bundle. */
  async pool(fn: DeployedFunction): Promise<WorkerPool> {
    const b = await this.built(fn);
    if (b.error !== undefined) throw new FunctionFailure('boot', b.error, b.unavailable);
    b.pool ??= new WorkerPool(b.file!, this.opts.env(), this.opts.limits, this.opts.workersPerFunction, this.opts.workerIdleMs);
    b.pool.onWorkerLost ??= (loss) => this.opts.onWorkerLost?.(fn.name, loss);
    return b.pool;
  }

  private built(fn: DeployedFunction): Promise<Built> {
    if (fn.build && !fn.stale) return fn.build;
    const previous = fn.build;
    fn.stale = false;
    fn.build = this.bundle(fn);
    void fn.build.then(() => previous?.then((b) => b.pool?.retire()));
    return fn.build;
  }

  private async bundle(fn: DeployedFunction): Promise<Built> {
    const started = Date.now();
    try {
      const importMap = loadImportMap(this.opts.projectDir, fn.dir, this.opts.settings[fn.name]?.importMap);
      const b = await bundleFunction({ name: fn.name, entry: fn.entry, importMap, outDir: this.outDir, sources: this.opts.sources });
      if (importMap) b.inputs.push(importMap.file);
      this.opts.log.info({ function: fn.name, ms: Date.now() - started }, 'function bundled');
      return { file: b.file, inputs: new Set(b.inputs) };
    } catch (err) {
      const message = err instanceof BundleError ? err.message : (err as Error).message;
      this.opts.log.error({ function: fn.name, error: message }, 'function failed to bundle');
      const unavailable = err instanceof BundleError && err.unavailableImports.length > 0 ? err.unavailableImports.join('; ') : undefined;
      // Rebuild on the next change of anything in its folder.
      return { error: message, unavailable, inputs: new Set([fn.entry]) };
    }
  }

  private changed(path: string): void {
    for (const fn of this.fns.values()) {
      if (!fn.build) continue;
      void fn.build.then((b) => {
        if (b.inputs.has(path) || path.startsWith(fn.dir + sep) || b.error !== undefined) fn.stale = true;
      });
    }
    if (path === join(this.functionsDir, '.env')) for (const fn of this.fns.values()) fn.stale = true;
  }

  async close(): Promise<void> {
    this.watcher?.close();
    await Promise.all([...this.fns.values()].map(async (fn) => (await fn.build)?.pool?.close()));
    rmSync(this.outDir, { recursive: true, force: true });
  }
}
