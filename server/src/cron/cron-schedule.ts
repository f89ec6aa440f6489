/**
 * pg_cron's schedule syntax: 5-field cron (minute hour day-of-month month day-of-week, with
 * names, ranges, steps, lists and `$` for the last day of the month), the `@hourly`-style macros,
 * `@reboot`, and the `'N seconds'` interval (1–59). Times are UTC, pg_cron's default
 * (`cron.timezone = 'GMT'`).
 */

export type Schedule =
  | { kind: 'seconds'; every: number }
  | { kind: 'reboot' }
  | {
      kind: 'cron';
      minute: Set<number>;
      hour: Set<number>;
      dom: Set<number>;
      month: Set<number>;
      dow: Set<number>;
      lastDom: boolean;
      /** As in vixie cron: with one of the day fields `*`, both must match; otherwise either. */
      dayStar: boolean;
    };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

interface FieldSpec {
  lo: number;
  hi: number;
  names?: string[];
  nameBase?: number;
}

const FIELDS: FieldSpec[] = [
  { lo: 0, hi: 59 },
  { lo: 0, hi: 23 },
  { lo: 1, hi: 31 },
  { lo: 1, hi: 12, names: MONTHS, nameBase: 1 },
  { lo: 0, hi: 7, names: DAYS, nameBase: 0 },
];

function value(token: string, f: FieldSpec): number | undefined {
  if (/^\d+$/.test(token)) return Number(token);
  const i = f.names?.indexOf(token) ?? -1;
  return i >= 0 ? i + f.nameBase! : undefined;
}

/** One field into its set of values; undefined when it does not parse or is out of range. */
function parseField(text: string, f: FieldSpec): Set<number> | undefined {
  const out = new Set<number>();
  for (const item of text.split(',')) {
    const m = /^(\*|[a-z0-9]+)(?:-([a-z0-9]+))?(?:\/(\d+))?$/.exec(item);
    if (!m) return undefined;
    let lo = f.lo;
    let hi = f.hi;
    if (m[1] !== '*') {
      const a = value(m[1]!, f);
      if (a === undefined) return undefined;
      lo = a;
      hi = m[2] !== undefined ? (value(m[2], f) ?? -1) : m[3] !== undefined ? f.hi : a;
    } else if (m[2] !== undefined) return undefined;
    const step = m[3] !== undefined ? Number(m[3]) : 1;
    if (lo < f.lo || hi > f.hi || lo > hi || step < 1) return undefined;
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

export function parseSchedule(text: string): Schedule | undefined {
  const s = text.trim().toLowerCase();
  const seconds = /^(\d+)\s*seconds?$/.exec(s);
  if (seconds) {
    const every = Number(seconds[1]);
    return every >= 1 && every <= 59 ? { kind: 'seconds', every } : undefined;
  }
  if (s === '@reboot' || s === '@restart') return { kind: 'reboot' };
  const fields = (MACROS[s] ?? s).split(/\s+/);
  if (fields.length !== 5) return undefined;
  const lastDom = fields[2]!.split(',').includes('$');
  const domText = fields[2]!.split(',').filter((x) => x !== '$').join(',');
  const [minute, hour, month, dow] = [0, 1, 3, 4].map((i) => parseField(fields[i]!, FIELDS[i]!));
  const dom = domText === '' ? new Set<number>() : parseField(domText, FIELDS[2]!);
  if (!minute || !hour || !dom || !month || !dow) return undefined;
  if (dow.has(7)) dow.add(0);
  const dayStar = fields[2]!.startsWith('*') || fields[4]!.startsWith('*');
  return { kind: 'cron', minute, hour, dom, month, dow, lastDom, dayStar };
}

/** Whether the job is due at this whole UTC second (cron schedules fire at second 0). */
export function isDue(s: Schedule, epochSecond: number): boolean {
  if (s.kind === 'seconds') return epochSecond % s.every === 0;
  if (s.kind === 'reboot') return false;
  if (epochSecond % 60 !== 0) return false;
  const d = new Date(epochSecond * 1000);
  if (!s.minute.has(d.getUTCMinutes()) || !s.hour.has(d.getUTCHours()) || !s.month.has(d.getUTCMonth() + 1)) return false;
  const day = d.getUTCDate();
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  const domOk = s.dom.has(day) || (s.lastDom && day === last);
  const dowOk = s.dow.has(d.getUTCDay());
  return s.dayStar ? domOk && dowOk : domOk || dowOk;
}

/** The run slot a due second belongs to, shared by every instance so each runs a job only once. */
export function slotOf(s: Schedule, epochSecond: number): number {
  return s.kind === 'seconds' ? Math.floor(epochSecond / s.every) : Math.floor(epochSecond / 60);
}
