// VTIMEZONE components (RFC 5545 §3.6.5) from the platform's time zone data: every UTC-offset
// change of a zone between two instants, found by scanning day by day and narrowing each change
// down to the minute. Calendars then place a 19:00 Europe/Paris event at 19:00 on both sides of
// a daylight-saving change, whatever their own zone database says.
import { wallClock, zoneOffset } from './zoned-time.ts';

const DAY = 864e5;

/** The zone's UTC offset at an instant, in minutes east of UTC. */
function offsetMinutes(d: Date, zone: string): number {
  const [sign, h, m] = /([+-])(\d\d):(\d\d)/.exec(zoneOffset(d, zone))!.slice(1);
  return (sign === '-' ? -1 : 1) * (Number(h) * 60 + Number(m));
}

function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** Local wall-clock time of `d` seen with `offset` minutes, as YYYYMMDDTHHMMSS. */
function localWith(d: Date, offset: number): string {
  return new Date(d.getTime() + offset * 6e4).toISOString().replace(/[-:]/g, '').slice(0, 15);
}

/** The first instant after `lo` at which the offset differs from the one at `lo` (lo < hi). */
function transition(lo: number, hi: number, zone: string): number {
  const before = offsetMinutes(new Date(lo), zone);
  while (hi - lo > 6e4) {
    const mid = Math.floor((lo + hi) / 2 / 6e4) * 6e4;
    if (mid <= lo) break;
    if (offsetMinutes(new Date(mid), zone) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The zone's standard offset: the smaller of January's and July's (DST adds, in both hemispheres). */
function standardOffset(year: number, zone: string): number {
  return Math.min(offsetMinutes(new Date(Date.UTC(year, 0, 1)), zone), offsetMinutes(new Date(Date.UTC(year, 6, 1)), zone));
}

/**
 * The lines of one VTIMEZONE covering [from, to]: the offset in force at `from`, then one
 * STANDARD or DAYLIGHT component per change until `to`.
 */
export function vtimezone(zone: string, from: Date, to: Date): string[] {
  const start = from.getTime() - DAY;
  const end = to.getTime() + DAY;
  const part = (at: number, fromOffset: number, toOffset: number) => {
    const kind = toOffset > standardOffset(new Date(at).getUTCFullYear(), zone) ? 'DAYLIGHT' : 'STANDARD';
    return [
      `BEGIN:${kind}`,
      `DTSTART:${localWith(new Date(at), fromOffset)}`,
      `TZOFFSETFROM:${formatOffset(fromOffset)}`,
      `TZOFFSETTO:${formatOffset(toOffset)}`,
      `END:${kind}`,
    ];
  };
  const first = offsetMinutes(new Date(start), zone);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...part(start, first, first)];
  let current = first;
  for (let t = start; t < end; t += DAY) {
    const next = offsetMinutes(new Date(Math.min(t + DAY, end)), zone);
    if (next === current) continue;
    const at = transition(t, Math.min(t + DAY, end), zone);
    const after = offsetMinutes(new Date(at), zone);
    lines.push(...part(at, current, after));
    current = after;
    // Two changes in one day are unheard of, but would be caught on the next step from here.
    t = at - DAY + 6e4;
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** Wall-clock time of an instant in a zone, as YYYYMMDDTHHMMSS. */
export function localStamp(d: Date, zone: string): string {
  const p = wallClock(d, zone);
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}${p.second}`;
}
