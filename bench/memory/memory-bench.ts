import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, stop } from '../support/measure.ts';
import { httpClient, runLoad } from '../support/http-load.ts';
import { scaleReads } from '../scale/scale-requests.ts';
import { settledRss, total, treeRss, type ProcessRss } from './process-tree.ts';
import { memoryBox, nodeIn, type MemoryBox } from '../../server/test/helpers/memory-box.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = `${ROOT}server/bin/gather-server.js`;
const HOLD = fileURLToPath(new URL('./hold-pglite.ts', import.meta.url));
/** Worker idle period for the run (the server's default is 60 s; shorter keeps the bench short). */
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 10);
/** A function every demo page asks for (GET, no database work): the worker's own cost. */
const FUNCTION = '/functions/v1/push-key';
/** Seconds of the load phase: the web app's two commonest reads (Discover, an event page), 8 at a time. */
const LOAD_S = Number(process.env.BENCH_LOAD_S ?? 60);
/** Node options for the server under test, before the CLI's own (e.g. to compare V8 flags). */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
/** MiB of a memory cgroup the server's warm start runs in, as on a box of that size (it picks its mode by itself, decision 0451). */
const BOX_MIB = Number(process.env.BENCH_BOX_MIB ?? 0);

/** Starts a Node script (in `box`, when given) and resolves with its output once `ready` matches it. */
function startUntil(args: string[], ready: RegExp, env: NodeJS.ProcessEnv = {}, box?: MemoryBox): Promise<{ child: ChildProcess; out: string }> {
  const run = nodeIn(box, args);
  const child = spawn(run.command, run.args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** The demo's Discover page and one event page, as anonymous visitors ask for them, 8 at a time. */
async function loadFor(url: string, anon: string, seconds: number) {
  const client = httpClient(url, 8);
  const headers = { apikey: anon, authorization: `Bearer ${anon}` };
  const first = await client.request('GET', '/rest/v1/events?select=slug&limit=1', undefined, headers);
  const slug = (JSON.parse(first.body) as { slug: string }[])[0]?.slug ?? 'none';
  const reads = scaleReads(slug, new Date().toISOString());
  try {
    return await runLoad(8, seconds, async (i) => {
      const r = reads[i % reads.length]!;
      const res = await client.request(r.method, `/rest/v1${r.path}?${r.query}`, r.body, { ...headers, ...r.headers });
      return res.status >= 200 && res.status < 300;
    });
  } finally {
    client.close();
  }
}

/**
 * Resident memory of `gather-server start` with the demo project (PGlite, warm start), every
 * process of it counted: idle after start, after a function call, after the workers' idle
 * period, after `BENCH_LOAD_S` of reads and once idle again; beside a bare process holding the same kind of PGlite folder open (the limit).
 */
export async function memoryBench(): Promise<void> {
  const made = BOX_MIB > 0 ? memoryBox(BOX_MIB) : undefined;
  if (made && 'reason' in made) throw new Error(`BENCH_BOX_MIB=${BOX_MIB}: ${made.reason}`);
  const box = made?.box;
  const dir = mkdtempSync(join(tmpdir(), 'gather-bench-memory-'));
  try {
    const bareOpen = async (folder: string, env: NodeJS.ProcessEnv = {}) => {
      await stop((await startUntil([HOLD, join(dir, folder)], /ready/, env)).child); // create it (initdb)
      const run = await startUntil([HOLD, join(dir, folder)], /ready/, env); // then a warm open, as the server's
      const mib = total(await settledRss(run.child.pid!));
      await stop(run.child);
      return mib;
    };
    // PGlite's own default (128 MB of shared buffers), then the server's setting: the limit.
    const bareDefault = await bareOpen('bare-default', { GATHER_PGLITE_SHARED_BUFFERS: '128MB' });
    const bare = await bareOpen('bare');

    const args = [...NODE_FLAGS, CLI, 'start', '--project', `${ROOT}supabase`, '--db', join(dir, 'db'), '--port', '0'];
    const env = { GATHER_LOG_LEVEL: 'warn', GATHER_FUNCTIONS_WORKER_IDLE_S: String(IDLE_S) };
    // The cold start (new folder, migrations, seed) in the box too: a small box's first start (decision 0453).
    await stop((await startUntil(args, /secret key: /, env, box)).child);
    const { child, out } = await startUntil(args, /secret key: /, env, box);
    try {
      const url = /ready (\S+)/.exec(out)![1]!;
      const anon = /anon key: (\S+)/.exec(out)![1]!;
      const idle = await settledRss(child.pid!);
      const first = await timedGet(url + FUNCTION, anon);
      const warm = await timedGet(url + FUNCTION, anon);
      await sleep(500);
      const called = treeRss(child.pid!);
      await sleep(IDLE_S * 1000 + Math.min(Math.max((IDLE_S * 1000) / 4, 250), 15_000) + 1000);
      const released = treeRss(child.pid!);
      const afterIdle = await timedGet(url + FUNCTION, anon);
      const loaded = await loadFor(url, anon, LOAD_S);
      const afterLoad = treeRss(child.pid!);
      await sleep(IDLE_S * 1000 + Math.min(Math.max((IDLE_S * 1000) / 4, 250), 15_000) + 1000);
      const settled = treeRss(child.pid!);

      const where = box ? `, in a ${BOX_MIB} MiB memory cgroup${/small-memory mode/.test(out) ? ' (small-memory mode)' : ''}` : '';
      console.log(`memory (PGlite, demo project, warm start${where}; limit = a bare process holding a PGlite folder open: ${fmt(bare)} MiB; ${fmt(bareDefault)} MiB with PGlite's default shared_buffers)`);
      show('idle after start', idle, bare);
      show(`after a call (${FUNCTION.slice(14)})`, called, bare);
      show(`after ${IDLE_S} s idle`, released, bare);
      show(`after ${LOAD_S} s of load`, afterLoad, bare);
      show(`then ${IDLE_S} s idle`, settled, bare);
      console.log(`  load: ${fmt(loaded.perSecond)} reads/s, p50 ${fmt(loaded.p50)} ms, p99 ${fmt(loaded.p99)} ms, ${loaded.failed} failed${NODE_FLAGS.length ? `; node flags: ${NODE_FLAGS.join(' ')}` : ''}`);
      console.log(`  function call: first ${fmt(first)} ms, warm ${fmt(warm)} ms, first after idle ${fmt(afterIdle)} ms`);
    } finally {
      await stop(child);
    }
  } finally {
    box?.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}
