// Builds compared by main-thread CPU (thread time, not wall time: steadier on a busy machine than
// Lighthouse) per task during load, from Chromium traces of each dist in turn (decision 0158).
// `node bench/web/main-thread-cpu.ts <distA> [distB …] [rounds]` (dists from `vite build --outDir`);
// PAGES=event,group; DETAIL=1 names what ran in the longest tasks. "tbt4" = Σ max(0, 4×cpu − 50)
// over tasks after FCP (Lighthouse's 4× phone); "all4" the same over every task of the load.
// LIGHTHOUSE=1 traces with Lighthouse's own categories (stack traces, scripts' sources,
// screenshots: they lengthen JavaScript tasks 1.5–3.5×) and counts wall time, as its TBT does.
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import Trace from 'lighthouse/core/gather/gatherers/trace.js';
import { chromiumPath } from '../../e2e/support/chromium.ts';
import { stop } from '../support/measure.ts';
import { pagesAsked, seededPages, serveBuilds } from './build-pages.ts';

const dists = process.argv.slice(2).filter((a) => !/^\d+$/.test(a));
const rounds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 3);
const only = pagesAsked();
const LIGHTHOUSE = Boolean(process.env.LIGHTHOUSE);
const apps = await serveBuilds(dists);
const paths = await seededPages(apps[0]!.url);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
type Ev = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string; data?: { frame?: string; url?: string; functionName?: string } } };
const results: Record<string, { tbt4: number[]; all4: number[]; cpu: number[]; top: number[][] }> = {};
try {
  for (let r = 0; r < rounds; r++) for (const name of only) for (const [i, app] of apps.entries()) {
    const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
    const page = await ctx.newPage();
    const categories = LIGHTHOUSE ? [...Trace.getDefaultTraceCategories(), '__metadata'] : ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing', '__metadata'];
    await browser.startTracing(page, { categories, screenshots: LIGHTHOUSE });
    await page.goto(app.url + paths[name], { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const buf = await browser.stopTracing();
    await ctx.close();
    const events = (JSON.parse(buf.toString()) as { traceEvents: Ev[] }).traceEvents;
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'firstContentfulPaint'));
    if (!main) { console.log('no main thread'); continue; }
    const fcp = events.find((e) => e.pid === main.pid && e.name === 'firstContentfulPaint')!.ts;
    const nav = events.find((e) => e.pid === main.pid && e.name === 'navigationStart')?.ts ?? 0;
    const tasks = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.ts >= nav);
    const ms = (t: Ev) => ((LIGHTHOUSE ? t.dur : t.tdur ?? t.dur) ?? 0) / 1000;
    const tbt = (ts: Ev[]) => ts.reduce((s, t) => s + Math.max(0, 4 * ms(t) - 50), 0);
    const key = `${name} ${String.fromCharCode(65 + i)}`;
    const res = (results[key] ??= { tbt4: [], all4: [], cpu: [], top: [] });
    res.tbt4.push(tbt(tasks.filter((t) => t.ts >= fcp)));
    res.all4.push(tbt(tasks));
    res.cpu.push(tasks.reduce((s, t) => s + ms(t), 0));
    res.top.push(tasks.map(ms).sort((a, b) => b - a).slice(0, 5).map(Math.round));
    if (process.env.DETAIL) {
      const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask');
      for (const t of [...tasks].sort((a, b) => ms(b) - ms(a)).slice(0, 6)) {
        const inside = onMain.filter((e) => e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && (e.dur ?? 0) > 1500);
        console.log(`   task @${Math.round((t.ts - nav) / 1000)} cpu ${ms(t).toFixed(1)}: ` + inside.slice(0, 8).map((e) => `${e.name}${e.args?.data?.url ? ' ' + e.args.data.url.replace(/.*\//, '') : ''}${e.args?.data?.functionName ? ' ' + e.args.data.functionName : ''} ${((e.tdur ?? e.dur ?? 0) / 1000).toFixed(1)}`).join(' | '));
      }
    }
    console.log(`${key} load ${loadavg()[0]!.toFixed(1)} fcp ${Math.round((fcp - nav) / 1000)} cpu ${Math.round(res.cpu.at(-1)!)} tbt4 ${Math.round(res.tbt4.at(-1)!)} all4 ${Math.round(res.all4.at(-1)!)} top ${res.top.at(-1)!.join(',')}`);
  }
} finally {
  await browser.close();
  for (const a of apps) await stop(a.child);
}
const med = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
console.log('\nmedians (ms of main-thread CPU; tbt4/all4 = Σ max(0, 4×task − 50))');
for (const [k, v] of Object.entries(results)) console.log(`  ${k.padEnd(10)} cpu ${med(v.cpu)}  tbt4 ${med(v.tbt4)}  all4 ${med(v.all4)}`);
