import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, stop } from '../support/measure.ts';
import { treeRss, type ProcessRss } from './process-tree.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = `${ROOT}server/src/cli/main.ts`;
const HOLD = fileURLToPath(new URL('./hold-pglite.ts', import.meta.url));
/** Worker idle period for the run (the server's default is 60 s; shorter keeps the bench short). */
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 10);
/** A function every demo page asks for (GET, no database work): the worker's own cost. */
const FUNCTION = '/functions/v1/push-key';

/** Starts a Node script and resolves with its output once `ready` matches it. */
function startUntil(args: string[], ready: RegExp, env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; out: string }> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (ready.test(out)) resolve({ child, out });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code} before ready:\n${out}`)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const total = (ps: ProcessRss[]) => ps.reduce((s, p) => s + p.mib, 0);

function show(label: string, ps: ProcessRss[], bare: number): void {
  const parts = ps.map((p) => `${p.role} ${fmt(p.mib)}`).join(', ');
  console.log(`  ${label.padEnd(26)} ${fmt(total(ps)).padStart(4)} MiB all in (${parts})   ratio to bare PGlite ${fmt(total(ps) / bare, 2)}`);
}

async function timedGet(url: string, key: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}`, apikey: key } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t;
}

/**
 * Resident memory of `gather-server start` with the demo project (PGlite, warm start), every
 * process of it counted: idle after start, after a function call, and after the workers' idle
 * period; beside a bare process holding the same kind of PGlite folder open (the limit).
 */
export async function memoryBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gather-bench-memory-'));
  try {
    const bareOpen = async (folder: string, env: NodeJS.ProcessEnv = {}) => {
      await stop((await startUntil([HOLD, join(dir, folder)], /ready/, env)).child); // create it (initdb)
      const run = await startUntil([HOLD, join(dir, folder)], /ready/, env); // then a warm open, as the server's
      await sleep(2000);
      const mib = total(treeRss(run.child.pid!));
      await stop(run.child);
      return mib;
    };
    // PGlite's own default (128 MB of shared buffers), then the server's setting: the limit.
    const bareDefault = await bareOpen('bare-default', { GATHER_PGLITE_SHARED_BUFFERS: '128MB' });
    const bare = await bareOpen('bare');

    const args = [CLI, 'start', '--project', `${ROOT}supabase`, '--db', join(dir, 'db'), '--port', '0'];
    const env = { GATHER_LOG_LEVEL: 'warn', GATHER_FUNCTIONS_WORKER_IDLE_S: String(IDLE_S) };
    await stop((await startUntil(args, /secret key: /, env)).child); // cold start: migrations, seed
    const { child, out } = await startUntil(args, /secret key: /, env);
    try {
      const url = /ready (\S+)/.exec(out)![1]!;
      const anon = /anon key: (\S+)/.exec(out)![1]!;
      await sleep(3000);
      const idle = treeRss(child.pid!);
      const first = await timedGet(url + FUNCTION, anon);
      const warm = await timedGet(url + FUNCTION, anon);
      await sleep(500);
      const called = treeRss(child.pid!);
      await sleep(IDLE_S * 1000 + Math.min(Math.max((IDLE_S * 1000) / 4, 250), 15_000) + 1000);
      const released = treeRss(child.pid!);
      const afterIdle = await timedGet(url + FUNCTION, anon);

      console.log(`memory (PGlite, demo project, warm start; limit = a bare process holding a PGlite folder open: ${fmt(bare)} MiB; ${fmt(bareDefault)} MiB with PGlite's default shared_buffers)`);
      show('idle after start', idle, bare);
      show(`after a call (${FUNCTION.slice(14)})`, called, bare);
      show(`after ${IDLE_S} s idle`, released, bare);
      console.log(`  function call: first ${fmt(first)} ms, warm ${fmt(warm)} ms, first after idle ${fmt(afterIdle)} ms`);
    } finally {
      await stop(child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
