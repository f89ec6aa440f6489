// What the web A/B tools share: one server per build (`vite build --outDir` folders, argv), and
// the seeded pages they load: Discover, the first public event, the first public group.
import { fileURLToPath } from 'node:url';
import { DEFAULT_ANON_KEY } from '../../server/src/config/default-keys.ts';
import { startBenchServer } from '../support/measure.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type BuildServer = Awaited<ReturnType<typeof startBenchServer>>;

/** A server for each build folder, on an in-memory database with the demo data. */
export function serveBuilds(dists: string[]): Promise<BuildServer[]> {
  return Promise.all(dists.map((d) => startBenchServer(`${ROOT}server/src/cli/main.ts`, ['start', '--project', `${ROOT}supabase`, '--db', 'memory', '--port', '0', '--web', d])));
}

export type PageName = 'discover' | 'event' | 'group';

/** The pages named in `PAGES` (all three by default). */
export const pagesAsked = (): PageName[] => (process.env.PAGES ?? 'event,group,discover').split(',') as PageName[];

/** The pages' paths, read from `url` (the same seed on every server). */
export async function seededPages(url: string): Promise<Record<PageName, string>> {
  const first = async (path: string) => ((await (await fetch(`${url}${path}`, { headers: { apikey: DEFAULT_ANON_KEY } })).json()) as { slug: string }[])[0]!.slug;
  return {
    discover: '/',
    event: `/events/${await first('/rest/v1/events?select=slug&status=eq.published&visibility=eq.public&order=starts_at&limit=1')}`,
    group: `/g/${await first('/rest/v1/groups?select=slug&visibility=eq.public&order=created_at&limit=1')}`,
  };
}
