// Wall-clock times in an event's own zone, for calendar files, emails and page metadata.

/** The wall-clock parts of an instant in a zone (24-hour clock). */
export function wallClock(d: Date, zone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** The zone's UTC offset at an instant, as +HH:MM. */
export function zoneOffset(d: Date, zone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(d).find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}${m[2]}:${m[3] ?? '00'}` : '+00:00';
}

/** An instant as ISO 8601 in the zone's local time with its offset: 2030-11-25T16:00:00-03:00. */
export function isoInZone(instant: string, zone: string): string {
  const d = new Date(instant);
  try {
    const p = wallClock(d, zone);
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${zoneOffset(d, zone)}`;
  } catch {
    return d.toISOString(); // an unknown zone name: UTC is still the right instant
  }
}

/**
 * The label every event time carries (decision 0301): the zone's offset at that instant, written
 * one way in every language — "UTC", "UTC+9", "UTC+5:30", "UTC-3" — instead of Intl's short
 * names, which mix "GMT+1", "CET", "UTC" and "EST" by zone and language.
 */
export function utcOffsetLabel(d: Date, zone: string): string {
  const offset = zoneOffset(d, zone); // +HH:MM
  if (offset === '+00:00') return 'UTC';
  const hours = String(Number(offset.slice(1, 3)));
  const minutes = offset.slice(4, 6);
  return `UTC${offset[0]}${hours}${minutes === '00' ? '' : `:${minutes}`}`;
}
