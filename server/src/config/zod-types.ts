import * as z from 'zod';

/** Value types shared by the config blocks: each reads config.toml values and flag/env strings alike. */

/** true/false from config.toml, or "true"/"false"/"1"/"0" from flags and env (z.coerce would read "false" as true). */
export const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true' || v === '1');

/** A list from config.toml, or a comma-separated string from flags and env. */
export const stringList = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''));

const GO_DURATION = /^(\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/;
const UNIT_SECONDS: Record<string, number> = { ns: 1e-9, us: 1e-6, 'µs': 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** Seconds, from a number or a Go duration such as "1s", "60s", "1m30s" (the CLI's `max_frequency`). */
export const duration = z.union([z.number().min(0), z.string()]).transform((v, c) => {
  if (typeof v === 'number') return v;
  const t = v.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t);
  if (!GO_DURATION.test(t)) {
    c.addIssue({ code: 'custom', message: 'must be a duration such as "1s", "60s" or "1m"' });
    return z.NEVER;
  }
  let total = 0;
  for (const m of t.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(m[1]) * UNIT_SECONDS[m[2]!]!;
  return total;
});

export const count = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more');

