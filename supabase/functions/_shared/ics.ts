import { mailMessages, type MailLocale } from './i18n/index.ts';
import { localStamp, vtimezone } from './ics-timezone.ts';
import { markdownToPlainText } from './markdown-text.ts';

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
  /** events.ics_sequence, bumped by the database on every change a calendar shows. */
  ics_sequence?: number;
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT. */
export function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets fold with CRLF and a space, never inside a character. */
export function fold(line: string): string {
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

export function utcStamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * A calendar file for one event, in the event's own zone, its own words in `locale`. The UID
 * stays the same for the life of the event and SEQUENCE grows with every change, so calendars
 * update (or cancel) the entry they already have.
 */
export function eventToIcs(e: IcsEvent, url: string, now = new Date(), locale: MailLocale = 'en'): string {
  const m = mailMessages(locale).ics;
  const start = new Date(e.starts_at);
  const end = new Date(e.ends_at);
  const cancelled = e.status === 'cancelled';
  const sequence = e.ics_sequence ?? Math.max(0, Math.floor((Date.parse(e.updated_at) - Date.parse(e.created_at)) / 1000));
  // The online link is for attendees only; calendars get the event page, which shows it to them.
  const where = [e.venue_name, e.address].filter(Boolean).join(', ') || (e.is_online ? m.online : '');
  const description = [cancelled && e.cancel_reason ? m.cancelled(e.cancel_reason) : '', markdownToPlainText(e.description), m.eventPage(url)]
    .filter(Boolean)
    .join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Gather//Events//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    ...vtimezone(e.timezone, start, end),
    'BEGIN:VEVENT',
    `UID:${e.id}@gather`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${e.timezone}:${localStamp(start, e.timezone)}`,
    `DTEND;TZID=${e.timezone}:${localStamp(end, e.timezone)}`,
    `SEQUENCE:${sequence}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${text(cancelled ? m.cancelled(e.title) : e.title)}`,
    `DESCRIPTION:${text(description)}`,
    where ? `LOCATION:${text(where)}` : '',
    e.lat !== null && e.lng !== null ? `GEO:${e.lat};${e.lng}` : '',
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].filter(Boolean);
  return lines.map(fold).join('\r\n') + '\r\n';
}
