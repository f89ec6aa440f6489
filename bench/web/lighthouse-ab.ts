// Builds compared by Lighthouse mobile on the same pages, in alternation, so a busy machine's
// minutes fall on each build alike: `node bench/web/lighthouse-ab.ts <distA> [distB …] [rounds]`
// (dists from `vite build --outDir`); PAGES=event,group,discover. Prints each build's median.
import { loadavg } from 'node:os';
import { fmt, stop } from '../support/measure.ts';
import { pagesAsked, seededPages, serveBuilds } from './build-pages.ts';
import { audit, medianScores, withChromium, type PageScores } from './lighthouse-run.ts';

const dists = process.argv.slice(2).filter((a) => !/^\d+$/.test(a));
const rounds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 3);
const only = pagesAsked();
const apps = await serveBuilds(dists);
try {
  const paths = await seededPages(apps[0]!.url);
  const runs = new Map<string, PageScores[]>();
  await withChromium(async (port) => {
    // One visit each first: image renditions and the page-head answer are made on first request.
    for (const app of apps) for (const name of only) await audit(app.url + paths[name], port);
    for (let r = 0; r < rounds; r++) for (const name of only) for (const [i, app] of apps.entries()) {
      const key = `${name} ${i}`;
      runs.set(key, [...(runs.get(key) ?? []), await audit(app.url + paths[name], port)]);
    }
  });
  console.log(`Lighthouse mobile, median of ${rounds}; load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  for (const name of only) for (const [i, dist] of dists.entries()) {
    const s = runs.get(`${name} ${i}`)!;
    const m = medianScores(s);
    console.log(`  ${name.padEnd(8)} ${dist.padEnd(28)} perf ${m.performance}  LCP ${fmt(m.lcpMs)} ms  TBT ${fmt(m.tbtMs)} ms  CLS ${fmt(m.cls, 3)}   (perf ${s.map((x) => x.performance).join('/')})`);
  }
} finally {
  for (const app of apps) await stop(app.child);
}
