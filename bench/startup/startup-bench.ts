import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, median, rssMiB, spawnUntil, stop } from '../support/measure.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = `${ROOT}server/bin/gather-server.js`;
const OPEN = fileURLToPath(new URL('./open-pglite.ts', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The built web app the server serves (`--web`); without one (not built) the start serves the APIs only. */
const WEB_DIST = process.env.BENCH_WEB_DIST ?? `${ROOT}web/dist`;
const WEB = existsSync(join(WEB_DIST, 'index.html')) ? ['--web', WEB_DIST] : [];

async function serverStart(dataDir: string, idleRss = false) {
  const run = spawnUntil([CLI, 'start', '--project', `${ROOT}supabase`, '--db', dataDir, '--port', '0', ...WEB], /secret key: /, {
    GATHER_LOG_LEVEL: 'warn',
  });
  const { ms } = await run.done;
  let rss = NaN;
  if (idleRss) {
    await new Promise((r) => setTimeout(r, 2000));
    rss = rssMiB(run.child.pid!);
  }
  await stop(run.child);
  return { ms, rss };
}

async function rawOpen(dataDir: string) {
  const run = spawnUntil([OPEN, dataDir], /ready/);
  const { ms } = await run.done;
  await stop(run.child);
  return ms;
}

/** Cold start (new data folder: initdb, bootstrap, migrations, seed) and warm start (reuse). */
export async function startupBench(): Promise<void> {
  const cold: number[] = [], warm: number[] = [], rawCold: number[] = [], rawWarm: number[] = [], rss: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'gather-bench-'));
    try {
      rawCold.push(await rawOpen(join(dir, 'raw')));
      rawWarm.push(await rawOpen(join(dir, 'raw')));
      cold.push((await serverStart(join(dir, 'db'))).ms);
      const w = await serverStart(join(dir, 'db'), true);
      warm.push(w.ms);
      rss.push(w.rss);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const c = median(cold), w = median(warm), rc = median(rawCold), rw = median(rawWarm);
  console.log(`startup (PGlite, median of ${RUNS}; baseline = a bare process opening the same PGlite folder)${WEB.length ? '' : `; no web app at ${WEB_DIST}: APIs only`}`);
  console.log(`  cold start to ready   ${fmt(c)} ms   baseline ${fmt(rc)} ms   ratio ${fmt(c / rc, 2)}`);
  console.log(`  warm start to ready   ${fmt(w)} ms   baseline ${fmt(rw)} ms   ratio ${fmt(w / rw, 2)}`);
  console.log(`  RSS at idle (warm)    ${fmt(median(rss))} MiB`);
}
