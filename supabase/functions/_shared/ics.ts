/** The fields of an event that go into its calendar file. */
export interface IcsEvent {
  id: string;
  slug: string;
  title: string;
  description: string;
  starts_at: string;
  ends_at: string;
  timezone: string;
  venue_name: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  is_online: boolean;
  status: 'draft' | 'published' | 'cancelled';
  cancel_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT. */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets fold with CRLF and a space, never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let cur = '';
  let octets = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    if (octets + n > (out.length === 0 ? 75 : 74)) {
      out.push(cur);
      cur = '';
      octets = 0;
    }
    cur += ch;
    octets += n;
  }
  out.push(cur);
  return out.join('\r\n ');
}

function utcStamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Wall-clock time of an instant in a zone, as YYYYMMDDTHHMMSS. */
function localStamp(d: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/** The zone's UTC offset at an instant, as +HHMM. */
function offset(d: Date, zone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(d).find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}${m[2]}${m[3] ?? '00'}` : '+0000';
}

/**
 * A calendar file for one event, in the event's own zone. The UID stays the same for the life
 * of the event and SEQUENCE grows with every change, so calendars update (or cancel) the entry
 * they already have.
 */
export function eventToIcs(e: IcsEvent, url: string, now = new Date()): string {
  const start = new Date(e.starts_at);
  const end = new Date(e.ends_at);
  const cancelled = e.status === 'cancelled';
  const sequence = Math.max(0, Math.floor((Date.parse(e.updated_at) - Date.parse(e.created_at)) / 1000));
  // The online link is for attendees only; calendars get the event page, which shows it to them.
  const where = [e.venue_name, e.address].filter(Boolean).join(', ') || (e.is_online ? 'Online' : '');
  const description = [cancelled && e.cancel_reason ? `Cancelled: ${e.cancel_reason}` : '', e.description, url].filter(Boolean).join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Gather//Events//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VTIMEZONE',
    `TZID:${e.timezone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset(start, e.timezone)}`,
    `TZOFFSETTO:${offset(start, e.timezone)}`,
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${e.id}@gather`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${e.timezone}:${localStamp(start, e.timezone)}`,
    `DTEND;TZID=${e.timezone}:${localStamp(end, e.timezone)}`,
    `SEQUENCE:${sequence}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${text(cancelled ? `Cancelled: ${e.title}` : e.title)}`,
    `DESCRIPTION:${text(description)}`,
    where ? `LOCATION:${text(where)}` : '',
    e.lat !== null && e.lng !== null ? `GEO:${e.lat};${e.lng}` : '',
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].filter(Boolean);
  return lines.map(fold).join('\r\n') + '\r\n';
}
