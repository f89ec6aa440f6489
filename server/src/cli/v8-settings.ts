/**
 * V8 settings the server's process runs with (decision 0402). V8 reads them only when the process
 * starts, so `gather-server` started without them starts itself again with them, in the same
 * process (execve: same pid, same signals and output), before any module of the server loads.
 * Only Node built-ins here: this runs first.
 */
import { flushCompileCache } from 'node:module';
import { totalmem } from 'node:os';

/**
 * Young generation of 2 MiB per semi-space instead of V8's up to 32 (64 MiB resident on a busy
 * server): requests make little long-lived garbage, so the smaller nursery costs scavenges,
 * not throughput. Measured by `npm run bench -- memory`.
 * One V8 platform thread instead of Node's four (a Node option, read at start like V8's flags):
 * each thread that optimises PGlite's wasm keeps a glibc arena of its own, resident once freed
 * (decision 0449). With it, the garbage collector works on the JavaScript thread itself: a GC
 * that hands work to a platform thread waits behind that thread's wasm compilation, which
 * stalled PGlite's worker for 40-110 ms after its open (decision 0452).
 */
export const SERVER_V8_FLAGS = ['--max-semi-space-size=2', '--v8-pool-size=1', '--single-threaded-gc'];

/**
 * Small-memory mode (a 512 MiB box): PGlite's WebAssembly compiled by V8's baseline compiler
 * (Liftoff) only, never optimised: 60–80 MiB less resident, at ~35% more CPU per query (measured
 * by `npm run bench -- memory` with BENCH_NODE_FLAGS, decision 0402).
 */
export const SMALL_MEMORY_V8_FLAGS = ['--liftoff-only'];

/**
 * A box with this much memory or less starts in small-memory mode (decision 0451). By default a
 * start peaks at ~1 GiB anonymous memory while V8 optimises PGlite's wasm (a 512 MiB and a 1 GiB
 * memory cgroup killed it), then idles at 310-340 MiB; in small-memory mode a warm start peaks
 * at ~380 MiB and idles under 300. A 2 GiB box keeps the faster default.
 */
export const SMALL_MEMORY_BOX_BYTES = 1536 * 1024 ** 2;

/** The memory this process may use: its cgroup's limit (a container, a systemd unit) or the machine's, whichever is less. */
export function boxMemoryBytes(): number {
  const limit = process.constrainedMemory();
  return limit > 0 ? Math.min(limit, totalmem()) : totalmem();
}

/** Small-memory mode: `GATHER_SMALL_MEMORY=1` or `0` decides; unset, a box of at most SMALL_MEMORY_BOX_BYTES. */
export function smallMemory(env: NodeJS.ProcessEnv = process.env, boxBytes = boxMemoryBytes()): boolean {
  if (env.GATHER_SMALL_MEMORY === '1' || env.GATHER_SMALL_MEMORY === '0') return env.GATHER_SMALL_MEMORY === '1';
  return boxBytes <= SMALL_MEMORY_BOX_BYTES;
}

/** The V8 flags a server started with this environment runs with. */
export function serverV8Flags(env: NodeJS.ProcessEnv = process.env): string[] {
  return smallMemory(env) ? [...SERVER_V8_FLAGS, ...SMALL_MEMORY_V8_FLAGS] : SERVER_V8_FLAGS;
}

/** Set in the restarted process: never restart twice. */
const APPLIED = 'GATHER_V8_SETTINGS_APPLIED';

/** The flags of `wanted` the process was not started with (one given by the operator wins, `--no-…` too). */
export function missingV8Flags(execArgv: readonly string[], nodeOptions = '', wanted = SERVER_V8_FLAGS): string[] {
  const name = (flag: string) => flag.split('=')[0]!.replaceAll('_', '-').replace(/^--no-/, '--');
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map(name);
  return wanted.filter((f) => !given.includes(name(f)));
}

/** Restarts this process with the missing flags, where the platform can (Linux, macOS); else carries on without them. */
export function restartWithServerV8Flags(): void {
  if (process.env[APPLIED] || typeof process.execve !== 'function' || process.platform === 'win32') return;
  const missing = missingV8Flags(process.execArgv, process.env.NODE_OPTIONS, serverV8Flags());
  if (missing.length === 0) return;
  // execve is experimental in Node 24: its warning would be the first line of every start.
  process.removeAllListeners('warning');
  // execve ends this process without its exit: what it compiled (bin/gather-server.js turned the
  // cache on) is written now, or every start would strip main.ts's TypeScript again.
  flushCompileCache();
  process.execve(process.execPath, [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, [APPLIED]: '1' });
}
