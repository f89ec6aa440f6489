import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGather, type GatherServer } from './support/gather-server.ts';

// The seed's events (supabase/seed.sql) are placed relative to the day it runs; a title that
// names a weekday must still fall on it, where the event takes place (issue 32).

let g: GatherServer;

beforeAll(async () => {
  g = await startGather({ seed: true });
});
afterAll(() => g.stop());

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

describe('seed events', () => {
  it('an event whose title names a weekday is on that weekday in its own zone, and still ahead', async () => {
    const { rows } = await g.db.query<{ title: string; isodow: number; days: number }>(
      `select title, extract(isodow from starts_at at time zone timezone)::int as isodow,
              (starts_at at time zone timezone)::date - current_date as days
         from public.events where title ~ '(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day'`,
    );
    expect(rows.map((r) => r.title)).toContain('Board game Friday: Catan & co.');
    for (const r of rows) {
      const named = WEEKDAYS.find((d) => r.title.includes(d))!;
      expect(`${r.title}: ${WEEKDAYS[r.isodow - 1]}`).toBe(`${r.title}: ${named}`);
      // Two to eight days on: not yet begun (the seed has RSVPs and a waitlist for it), and within reach.
      expect(r.days).toBeGreaterThanOrEqual(2);
      expect(r.days).toBeLessThanOrEqual(8);
    }
  });
});
