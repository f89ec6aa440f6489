import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleFunction } from '../../server/src/functions/function-bundler.ts';
import { importSources } from '../../server/src/functions/deno-imports/import-cache.ts';
import { FunctionWorker } from '../../server/src/functions/function-worker.ts';
import { fmt, median, rssMiB, stop } from '../support/measure.ts';

/**
 * `npm run bench -- functions-runtime`: a function's cold start (process start to its first
 * answer) and resident memory per worker, on Gather's Node worker (a forked Node process running
 * the esbuild bundle: the limit) and on the real Deno binary (`deno run`, Supabase's runtime's
 * engine), same machine, same run, alternating. Decision 0240 records the figures. Deno comes
 * from DENO_BIN or PATH (the `deno` npm package ships it); without it the Deno half is skipped.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FUNCTIONS = fileURLToPath(new URL('./functions/', import.meta.url));
const CASES = ['trivial', 'supabase-js'];

function findDeno(): string | undefined {
  if (process.env.DENO_BIN) return process.env.DENO_BIN;
  const which = spawnSync('sh', ['-c', 'command -v deno'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/** Child processes of this process (Linux), to find the worker a FunctionWorker forked. */
function children(): number[] {
  const file = `/proc/${process.pid}/task/${process.pid}/children`;
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

async function nodeColdStart(bundleFile: string): Promise<{ ms: number; rss: number }> {
  const before = new Set(children());
  const started = performance.now();
  const w = new FunctionWorker(bundleFile, {}, { isolation: 'process', memoryMb: 256, timeoutMs: 30_000 }, () => {});
  const res = await w.dispatch({ method: 'GET', url: 'http://localhost/fn', headers: [], body: null, remoteAddr: { hostname: '127.0.0.1', port: 1 }, signal: new AbortController().signal });
  if (res.body && !(res.body instanceof Buffer)) for await (const _ of res.body) void _;
  const ms = performance.now() - started;
  const pid = children().find((p) => !before.has(p));
  const rss = pid ? rssMiB(pid) : NaN;
  await w.terminate();
  return { ms, rss };
}

let nextPort = 55_900;
async function denoColdStart(deno: string, file: string, denoDir: string): Promise<{ ms: number; rss: number }> {
  const port = nextPort++;
  const started = performance.now();
  const child = spawn(deno, ['run', '-A', '--no-prompt', file], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DENO_DIR: denoDir, NO_COLOR: '1', DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`deno exited: ${err.slice(0, 300)}`);
      const res = await fetch(`http://127.0.0.1:${port}/fn`).catch(() => undefined);
      if (res?.ok) {
        await res.arrayBuffer();
        break;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    return { ms: performance.now() - started, rss: rssMiB(child.pid!) };
  } finally {
    await stop(child);
  }
}

function sizeMiB(path: string): number {
  return statSync(realpathSync(path)).size / 1024 / 1024;
}

export async function functionsRuntimeBench(): Promise<void> {
  const deno = findDeno();
  console.log(`functions runtime (cold start and memory per worker, median of ${RUNS}; Node worker = the limit)`);
  if (!deno) console.log('  Deno half skipped: no deno binary (set DENO_BIN, or npm install deno in a scratch folder and put it on PATH)');
  const work = mkdtempSync(join(tmpdir(), 'gather-runtime-bench-'));
  const denoDir = join(work, 'deno-dir');
  try {
    for (const name of CASES) {
      const entry = join(FUNCTIONS, name, 'index.ts');
      const t = performance.now();
      const sources = importSources({ functionsCacheDir: join(work, 'cache'), functionsCachedOnly: false, functionsNpmRegistry: 'https://registry.npmjs.org/', functionsJsrUrl: 'https://jsr.io/', functionsUrlOrigins: '' });
      const bundle = await bundleFunction({ name, entry, outDir: work, sources });
      const bundleMs = performance.now() - t;
      // Warm-up: Deno fetches npm packages into its DENO_DIR on its first run, Node loads the bundle once.
      await nodeColdStart(bundle.file);
      if (deno) await denoColdStart(deno, entry, denoDir);
      const node: { ms: number; rss: number }[] = [];
      const den: { ms: number; rss: number }[] = [];
      for (let i = 0; i < RUNS; i++) {
        node.push(await nodeColdStart(bundle.file));
        if (deno) den.push(await denoColdStart(deno, entry, denoDir));
      }
      const m = (xs: { ms: number; rss: number }[], k: 'ms' | 'rss') => median(xs.map((x) => x[k]));
      let line = `  ${name.padEnd(12)} node worker: cold start ${fmt(m(node, 'ms'))} ms, ${fmt(m(node, 'rss'))} MiB (bundle once per start ${fmt(bundleMs)} ms)`;
      if (deno) line += `   deno: ${fmt(m(den, 'ms'))} ms (${fmt(m(den, 'ms') / m(node, 'ms'), 2)}×), ${fmt(m(den, 'rss'))} MiB (${fmt(m(den, 'rss') / m(node, 'rss'), 2)}×)`;
      console.log(line);
    }
    // esbuild's native binary (its npm package is a small loader for it).
    const esbuild = join(dirname(createRequire(import.meta.url).resolve('esbuild/package.json')), '..', '@esbuild', `${process.platform}-${process.arch}`, 'bin', 'esbuild');
    const sizes = [`node workers add esbuild ${existsSync(esbuild) ? fmt(sizeMiB(esbuild), 1) : '?'} MiB (already a dependency)`];
    if (deno) sizes.push(`deno binary ${fmt(sizeMiB(deno), 1)} MiB`);
    console.log(`  install size: ${sizes.join('; ')}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
