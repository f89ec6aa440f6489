// The scripts a first visit loads, per page and build (how many, how many under 2 KB, their
// uncompressed size), and when the last of them arrived (the depth of the module waterfall):
// `node bench/web/scripts-per-page.ts <distA> [distB …] [rounds]`
// (dists from `vite build --outDir`); PAGES=event,group,discover, and sign-in (a page without a
// first screen) always. Real Chromium, no throttling;
// builds alternate within each round, so a busy machine's minutes fall on each alike.
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../../e2e/support/chromium.ts';
import { stop } from '../support/measure.ts';
import { pagesAsked, seededPages, serveBuilds } from './build-pages.ts';

const dists = process.argv.slice(2).filter((a) => !/^\d+$/.test(a));
const rounds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const apps = await serveBuilds(dists);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
const seen = new Map<string, { scripts: number; small: number; kb: number; lastMs: number[] }>();
try {
  const paths = { ...(await seededPages(apps[0]!.url)), 'sign-in': '/auth/sign-in' };
  for (let r = 0; r < rounds; r++) for (const name of [...pagesAsked(), 'sign-in' as const]) for (const [i, app] of apps.entries()) {
    const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await ctx.newPage();
    await page.goto(app.url + paths[name], { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const scripts = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => ({ bytes: e.decodedBodySize, end: e.responseEnd })),
    );
    await ctx.close();
    const key = `${name.padEnd(8)} ${dists[i]}`;
    const row = seen.get(key) ?? { scripts: scripts.length, small: scripts.filter((s) => s.bytes < 2048).length, kb: scripts.reduce((n, s) => n + s.bytes, 0) / 1024, lastMs: [] };
    row.lastMs.push(Math.max(...scripts.map((s) => s.end)));
    seen.set(key, row);
  }
} finally {
  await browser.close();
  for (const a of apps) await stop(a.child);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`scripts per first visit, median of ${rounds}; load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
for (const [key, row] of [...seen].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${key.padEnd(30)} ${String(row.scripts).padStart(3)} scripts (${row.small} under 2 KB, ${Math.round(row.kb)} KB), last arrived at ${Math.round(median(row.lastMs))} ms (${row.lastMs.map(Math.round).join('/')})`);
}
