import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ANON_KEY } from '../../server/src/config/default-keys.ts';
import { fmt, startBenchServer, stop } from '../support/measure.ts';
import { jsBeforeFirstPaint } from './js-before-first-paint.ts';
import { audit, medianScores, withChromium, type PageScores } from './lighthouse-run.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = `${ROOT}server/src/cli/main.ts`;
/** Audits of each page whose median is printed (WEB_BENCH_RUNS). */
const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 3);

/** The baseline: one static HTML page with a heading and a paragraph, no JavaScript. */
function startBaselinePage(): Promise<{ url: string; close: () => void }> {
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Baseline page"><title>Baseline</title></head><body><main><h1>Gather</h1><p>A static page with no JavaScript.</p></main></body></html>';
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() });
  }));
}

/** Fetches a page and every image URL in its HTML's `srcset`/`imagesrcset`/`href`. */
async function warm(url: string): Promise<void> {
  const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
  const sets = [...html.matchAll(/(?:srcset|imagesrcset)="([^"]+)"/g)].flatMap((m) => m[1]!.split(',').map((c) => c.trim().split(/\s+/)[0]!));
  const hrefs = [...html.matchAll(/<link rel="preload" as="image"[^>]*\shref="([^"]+)"/g)].map((m) => m[1]!);
  await Promise.all([...new Set([...sets, ...hrefs])].map(async (u) => (await fetch(u.replace(/&amp;/g, '&'))).arrayBuffer()));
}

function buildWeb(outDir: string): void {
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { cwd: join(ROOT, 'web'), stdio: 'inherit' });
  if (r.status !== 0) throw new Error('web build failed');
}

function line(name: string, s: PageScores, base: PageScores): string {
  return `  ${name.padEnd(14)} perf ${s.performance}  a11y ${s.accessibility}  best ${s.bestPractices}  seo ${s.seo}` +
    `   LCP ${fmt(s.lcpMs)} ms (×${fmt(s.lcpMs / base.lcpMs, 2)})  CLS ${fmt(s.cls, 3)}  TBT ${fmt(s.tbtMs)} ms`;
}

/** Lighthouse (mobile) on Discover and an event page of the seeded app, against a static page. */
export async function webBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gather-web-bench-'));
  const baseline = await startBaselinePage();
  let app: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  try {
    const dist = join(dir, 'dist');
    buildWeb(dist);
    app = await startBenchServer(CLI, ['start', '--project', `${ROOT}supabase`, '--db', 'memory', '--port', '0', '--web', dist]);
    const res = await fetch(`${app.url}/rest/v1/events?select=slug&status=eq.published&visibility=eq.public&order=starts_at&limit=1`, { headers: { apikey: DEFAULT_ANON_KEY } });
    const [event] = (await res.json()) as { slug: string }[];
    if (!event) throw new Error('no published event in the seed');
    const pages: Record<string, string> = { Discover: `${app.url}/`, 'Event page': `${app.url}/events/${event.slug}` };
    // A group page, where the app has them (/g/:slug; the table answers 404 before groups existed).
    const groups = await fetch(`${app.url}/rest/v1/groups?select=slug&visibility=eq.public&order=created_at&limit=1`, { headers: { apikey: DEFAULT_ANON_KEY } });
    const [group] = groups.ok ? ((await groups.json()) as { slug: string }[]) : [];
    if (group) pages['Group page'] = `${app.url}/g/${group.slug}`;

    // Each page once before it is measured, with every picture its HTML names: the image
    // renditions are made on first request and then served from the storage's cache (as every
    // visitor after the first meets them), and the page-head answer is cached for a minute.
    for (const url of Object.values(pages)) await warm(url);

    // Lighthouse's TBT on one run varies by ±150 ms minutes apart: each page is audited once
    // unmeasured (the browser's and the server's first time), then RUNS times in turn, and each
    // figure is the median of those runs.
    const results = await withChromium(async (port) => {
      const all = { static: baseline.url, ...pages };
      for (const url of Object.values(all)) await audit(url, port);
      const runs = new Map<string, PageScores[]>();
      for (let r = 0; r < RUNS; r++) for (const [name, url] of Object.entries(all)) runs.set(name, [...(runs.get(name) ?? []), await audit(url, port)]);
      return { base: medianScores(runs.get('static')!), out: Object.keys(pages).map((name) => [name, medianScores(runs.get(name)!)] as const) };
    });
    const js = jsBeforeFirstPaint(dist);
    // Lighthouse simulates a phone's CPU from this machine's: a busy machine lowers every score.
    const load = loadavg().map((n) => n.toFixed(1)).join(' ');
    console.log(`web (Lighthouse mobile, simulated throttling, median of ${RUNS} runs; ratio = LCP / a static no-JS page in the same run; load average ${load} on ${cpus().length} cores)`);
    console.log(line('static page', results.base, results.base));
    for (const [name, s] of results.out) console.log(line(name, s, results.base));
    const entry = jsBeforeFirstPaint(dist, true);
    console.log(`  JS before first paint  ${fmt(js.gzipBytes / 1024, 1)} KB gzip in ${js.files.length} files; ` +
      `${fmt(entry.gzipBytes / 1024, 1)} KB on a page painted from its HTML (event, group)`);
    // Which files, largest first: where the next cut is (hashes stripped so runs compare).
    const largest = Object.entries(js.perFile).sort((a, b) => b[1] - a[1]);
    console.log(`    ${largest.map(([f, n]) => `${f.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')} ${fmt(n / 1024, 1)}`).join(' · ')}`);
  } finally {
    if (app) await stop(app.child);
    baseline.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
