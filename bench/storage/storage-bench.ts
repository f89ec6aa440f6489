import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SERVICE_ROLE_KEY } from '../../server/src/config/default-keys.ts';
import { fmt, median, rssMiB, spawnUntil, stop } from '../support/measure.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = `${ROOT}server/src/cli/main.ts`;
const EMPTY = `${ROOT}server/test/fixtures/empty-project`;
const MB = 1_000_000;
const CASES = [
  { label: '1 MB', size: MB, repeat: Number(process.env.BENCH_SMALL_REPEAT ?? 50) },
  { label: '100 MB', size: 100 * MB, repeat: Number(process.env.BENCH_RUNS ?? 3) },
];

const auth = { authorization: `Bearer ${DEFAULT_SERVICE_ROLE_KEY}` };

/** Samples the server's RSS while `fn` runs; returns fn's time and the peak. */
async function sampled<T>(pid: number, fn: () => Promise<T>): Promise<{ ms: number; peak: number }> {
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 5);
  const t = performance.now();
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  return { ms: performance.now() - t, peak: Math.max(peak, rssMiB(pid)) };
}

function http(method: string, url: string, headers: Record<string, string>, body?: string): Promise<import('node:http').IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, resolve);
    req.on('error', reject);
    if (body === undefined) return req;
    req.end(body);
  });
}

/** Streams `file` to the server as storage-js does with a stream body (raw, x-upsert). */
function upload(base: string, name: string, file: string, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/storage/v1/object/bench/${name}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/octet-stream', 'content-length': String(size), 'x-upsert': 'true' },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`upload: HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

async function download(base: string, name: string, size: number): Promise<void> {
  const req = request(`${base}/storage/v1/object/bench/${name}`, { headers: auth });
  const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject).end());
  let n = 0;
  await pipeline(res, new Writable({ write: (c: Buffer, _e, cb) => ((n += c.length), cb()) }));
  if (res.statusCode !== 200 || n !== size) throw new Error(`download: HTTP ${res.statusCode}, ${n} bytes`);
}

/** The limit: the same bytes streamed file to file on the same disk, flushed as the server's are. */
async function diskCopy(src: string, dst: string): Promise<void> {
  await pipeline(createReadStream(src), createWriteStream(dst, { flush: true }));
}

const mbps = (size: number, ms: number) => size / MB / (ms / 1000);

/**
 * Upload and download throughput of the local folder backend for 1 MB and 100 MB objects,
 * against a plain disk copy, and the server's peak RSS (it runs as a child process).
 */
export async function storageBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gather-bench-storage-'));
  const run = spawnUntil([CLI, 'start', '--project', EMPTY, '--db', 'memory', '--storage', join(dir, 'storage'), '--port', '0'], /secret key: /, {
    GATHER_LOG_LEVEL: 'warn',
    GATHER_STORAGE_FILE_SIZE_LIMIT: '200MB',
  });
  let out = '';
  run.child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  try {
    await run.done;
    const base = /ready (http:\/\/\S+)/.exec(out)![1]!;
    const pid = run.child.pid!;
    await http('POST', `${base}/storage/v1/bucket`, { ...auth, 'content-type': 'application/json' }, JSON.stringify({ name: 'bench' }));
    const idle = rssMiB(pid);
    let peak = idle;
    console.log('storage (local folder backend; server in a child process; baseline = streaming copy of the same bytes on the same disk, flushed)');
    console.log('  object   op         MB/s   baseline MB/s   ratio');
    for (const c of CASES) {
      const src = join(dir, `src-${c.size}`);
      writeFileSync(src, randomBytes(c.size));
      const copy: number[] = [], up: number[] = [], down: number[] = [];
      const rounds = c.size >= 100 * MB ? c.repeat : 1;
      const inner = c.size >= 100 * MB ? 1 : c.repeat;
      for (let r = 0; r < rounds; r++) {
        let t = performance.now();
        for (let i = 0; i < inner; i++) await diskCopy(src, join(dir, `copy-${i}`));
        copy.push(performance.now() - t);
        const u = await sampled(pid, async () => {
          for (let i = 0; i < inner; i++) await upload(base, `o-${c.size}-${i}`, src, c.size);
        });
        up.push(u.ms);
        const d = await sampled(pid, async () => {
          for (let i = 0; i < inner; i++) await download(base, `o-${c.size}-${i}`, c.size);
        });
        down.push(d.ms);
        peak = Math.max(peak, u.peak, d.peak);
      }
      const bytes = c.size * inner;
      const baseline = mbps(bytes, median(copy));
      for (const [op, ms] of [['upload', median(up)], ['download', median(down)]] as const) {
        const rate = mbps(bytes, ms);
        console.log(`  ${c.label.padEnd(8)} ${op.padEnd(9)} ${fmt(rate).padStart(6)}   ${fmt(baseline).padStart(13)}   ${fmt(rate / baseline, 2).padStart(5)}`);
      }
    }
    console.log(`  server RSS: ${fmt(idle)} MiB idle, ${fmt(peak)} MiB peak during the transfers (+${fmt(peak - idle)} MiB)`);
  } finally {
    await stop(run.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
