// Where the main thread goes during load (not part of `npm run bench`, which prints the scores):
// Lighthouse mobile on the shipped build, with its bootup-time, mainthread-work-breakdown and
// long-tasks audits for Discover, an event page and a group page. Keeps each page's report as JSON.
// `node bench/web/profile-main-thread.ts [distDir] [outDir]`; PAGES=event,group to pick; REBUILD=1.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEFAULT_ANON_KEY } from '../../server/src/config/default-keys.ts';
import { chromiumPath } from '../../e2e/support/chromium.ts';
import { startBenchServer, stop } from '../support/measure.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dist = process.argv[2] ?? join(ROOT, '.data/profile-web/dist');
const outDir = process.argv[3] ?? join(ROOT, '.data/profile-web');
if (!existsSync(join(dist, 'index.html')) || process.env.REBUILD) {
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], { cwd: join(ROOT, 'web'), stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}
mkdirSync(outDir, { recursive: true });
const app = await startBenchServer(`${ROOT}server/src/cli/main.ts`, ['start', '--project', `${ROOT}supabase`, '--db', 'memory', '--port', '0', '--web', dist]);
const get = async (path: string) => ((await (await fetch(`${app.url}${path}`, { headers: { apikey: DEFAULT_ANON_KEY } })).json()) as { slug: string }[])[0]!.slug;
const pages: Record<string, string> = {
  discover: `${app.url}/`,
  event: `${app.url}/events/${await get('/rest/v1/events?select=slug&status=eq.published&visibility=eq.public&order=starts_at&limit=1')}`,
  group: `${app.url}/g/${await get('/rest/v1/groups?select=slug&visibility=eq.public&order=created_at&limit=1')}`,
};
const only = (process.env.PAGES ?? '').split(',').filter(Boolean);
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  console.log(`load ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  for (const [name, url] of Object.entries(pages)) {
    if (only.length && !only.includes(name)) continue;
    const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const { audits, categories } = r!.lhr;
    writeFileSync(join(outDir, `${name}.json`), JSON.stringify(r!.lhr));
    const n = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
    console.log(`\n== ${name} ${url}\nperf ${Math.round(categories.performance!.score! * 100)} FCP ${n('first-contentful-paint')} LCP ${n('largest-contentful-paint')} TBT ${n('total-blocking-time')} CLS ${audits['cumulative-layout-shift']!.numericValue!.toFixed(3)}`);
    const items = (id: string) => ((audits[id]?.details as { items?: Record<string, unknown>[] })?.items ?? []);
    console.log('bootup-time:');
    for (const i of items('bootup-time').slice(0, 8)) console.log(`  ${String(i.url).replace(app.url, '')}  total ${Math.round(i.total as number)}  script ${Math.round(i.scripting as number)}  parse ${Math.round(i.scriptParseCompile as number)}`);
    console.log('mainthread-work-breakdown:');
    console.log('  ' + items('mainthread-work-breakdown').map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration as number)}`).join(' · '));
    console.log('long-tasks (simulated ms, start):');
    for (const i of items('long-tasks')) console.log(`  ${String(i.url).replace(app.url, '')}  ${Math.round(i.duration as number)} @ ${Math.round(i.startTime as number)}`);
  }
} finally {
  chrome.kill();
  await stop(app.child);
}
