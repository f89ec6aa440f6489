import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { readAsAnon } from './feeds.ts';
import { heading } from './flows.ts';

/**
 * Fills the open event editor with a weekly series at 19:00–21:00 Paris time from `day`, online,
 * publishes it and returns its dates in order, as the public reads them.
 */
export async function publishWeeklySeries(
  host: Page,
  serverUrl: string,
  s: { title: string; day: string; dates: number; link: string },
): Promise<{ id: string; slug: string }[]> {
  await host.getByLabel('Title').fill(s.title);
  await host.getByLabel('Starts on').fill(s.day);
  await host.getByLabel('Start time').fill('19:00');
  await host.getByLabel('Ends on').fill(s.day);
  await host.getByLabel('End time').fill('21:00');
  await host.getByLabel('Time zone').fill('Europe/Paris');
  await host.getByLabel('Online link').fill(s.link);
  await host.getByLabel('Repeats').selectOption('weekly');
  await host.getByRole('spinbutton', { name: 'Number of dates' }).fill(String(s.dates));
  await host.getByRole('button', { name: 'Publish' }).click();
  await expect.poll(() => heading(host), { timeout: 20_000 }).toBe(s.title);
  const firstSlug = new URL(host.url()).pathname.split('/')[2]!;
  const [first] = await readAsAnon<{ series_id: string }[]>(serverUrl, `events?select=series_id&slug=eq.${firstSlug}`);
  const made = await readAsAnon<{ id: string; slug: string }[]>(serverUrl, `events?select=id,slug&series_id=eq.${first!.series_id}&order=starts_at`);
  expect(made).toHaveLength(s.dates);
  return made;
}
