import type { BrowserContext } from 'playwright-core';
import type { RunningServer } from '../../server/src/index.ts';

/**
 * When a seed event starts (supabase/seed.sql places each one `n` days after the day the server
 * started: the Analytical Engines evening 3 days on, the first event 2 days on).
 */
export async function seedEventStart(server: RunningServer, slug: string): Promise<Date> {
  const { rows } = await server.db.query<{ ms: number }>(
    'select extract(epoch from starts_at)::float8 * 1000 as ms from public.events where slug = $1',
    [slug],
  );
  if (!rows[0]) throw new Error(`e2e: the seed has no event ${slug}`);
  return new Date(Number(rows[0].ms));
}

/**
 * Sets the browser's clock (every page of `context`) to the moment a seed event starts; it runs
 * on from there, timers as usual. What the app shows for "now" (the calendar's month) then holds
 * the same seed events on any day the tests run: with the machine's clock, the last two days of
 * a month have none of them left in it (the seed starts two days on).
 */
export async function setBrowserClockToSeedEvent(context: BrowserContext, server: RunningServer, slug: string): Promise<Date> {
  const at = await seedEventStart(server, slug);
  await context.clock.setSystemTime(at);
  return at;
}
