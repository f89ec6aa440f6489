import { describe, expect, it } from 'vitest';
import { isDue, parseSchedule, slotOf } from '../src/cron/cron-schedule.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const due = (schedule: string, iso: string) => isDue(parseSchedule(schedule)!, at(iso));

describe('pg_cron schedule syntax (UTC)', () => {
  it('parses what pg_cron accepts and refuses the rest', () => {
    for (const ok of ['* * * * *', '*/5 * * * *', '0 9-17/2 * jan-mar mon-fri', '0 0 $ * *', '@daily', '@reboot', '30 seconds', '1 second', '0 0 1,15 * 7']) {
      expect(parseSchedule(ok), ok).toBeDefined();
    }
    for (const bad of ['', '* * * *', '60 * * * *', '0 24 * * *', '0 0 0 * *', '0 0 * 13 *', '60 seconds', '0 seconds', '*-5 * * * *', '5-1 * * * *', '@often']) {
      expect(parseSchedule(bad), bad).toBeUndefined();
    }
  });

  it('fires cron schedules at second 0 of matching minutes', () => {
    expect(due('*/15 * * * *', '2026-03-02T10:30:00Z')).toBe(true);
    expect(due('*/15 * * * *', '2026-03-02T10:30:01Z')).toBe(false);
    expect(due('*/15 * * * *', '2026-03-02T10:31:00Z')).toBe(false);
    expect(due('0 9-17/2 * * mon-fri', '2026-03-02T11:00:00Z')).toBe(true); // a Monday
    expect(due('0 9-17/2 * * mon-fri', '2026-03-02T12:00:00Z')).toBe(false);
    expect(due('0 9-17/2 * * mon-fri', '2026-03-01T11:00:00Z')).toBe(false); // a Sunday
    expect(due('@hourly', '2026-03-02T11:00:00Z')).toBe(true);
  });

  it('ORs day of month and day of week when both are restricted, as cron does', () => {
    expect(due('0 0 1 * mon', '2026-03-02T00:00:00Z')).toBe(true); // Monday the 2nd
    expect(due('0 0 1 * mon', '2026-03-01T00:00:00Z')).toBe(true); // Sunday the 1st
    expect(due('0 0 1 * mon', '2026-03-03T00:00:00Z')).toBe(false);
    expect(due('0 0 * * 7', '2026-03-01T00:00:00Z')).toBe(true); // 7 is Sunday too
  });

  it('knows the last day of the month ($)', () => {
    expect(due('0 0 $ * *', '2026-02-28T00:00:00Z')).toBe(true);
    expect(due('0 0 $ * *', '2028-02-28T00:00:00Z')).toBe(false); // a leap year
    expect(due('0 0 $ * *', '2028-02-29T00:00:00Z')).toBe(true);
  });

  it('runs interval schedules every N seconds, in slots shared by every instance', () => {
    const s = parseSchedule('10 seconds')!;
    const base = at('2026-03-02T10:00:00Z');
    const fired = Array.from({ length: 30 }, (_, i) => base + i).filter((t) => isDue(s, t));
    expect(fired.map((t) => t - base)).toEqual([0, 10, 20]);
    expect(new Set(fired.map((t) => slotOf(s, t))).size).toBe(3);
  });
});
