// Builds compared by Lighthouse mobile on the same pages, in alternation, so a busy machine's
// minutes fall on each build alike: `node bench/web/lighthouse-ab.ts <distA> [distB …] [rounds]`
// (dists from `vite build --outDir`); PAGES=event,group,discover. Prints each build's median.
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { DEFAULT_ANON_KEY } from '../../server/src/config/default-keys.ts';
import { fmt, startBenchServer, stop } from '../support/measure.ts';
import { audit, medianScores, withChromium, type PageScores } from './lighthouse-run.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dists = process.argv.slice(2).filter((a) => !/^\d+$/.test(a));
const rounds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 3);
const only = (process.env.PAGES ?? 'event,group,discover').split(',');
const apps = await Promise.all(dists.map((d) => startBenchServer(`${ROOT}server/src/cli/main.ts`, ['start', '--project', `${ROOT}supabase`, '--db', 'memory', '--port', '0', '--web', d])));
try {
  const first = async (path: string) => ((await (await fetch(`${apps[0]!.url}${path}`, { headers: { apikey: DEFAULT_ANON_KEY } })).json()) as { slug: string }[])[0]!.slug;
  const paths: Record<string, string> = {
    discover: '/',
    event: `/events/${await first('/rest/v1/events?select=slug&status=eq.published&visibility=eq.public&order=starts_at&limit=1')}`,
    group: `/g/${await first('/rest/v1/groups?select=slug&visibility=eq.public&order=created_at&limit=1')}`,
  };
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
