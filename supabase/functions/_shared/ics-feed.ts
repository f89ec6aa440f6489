// A subscribed calendar (RFC 5545, with RFC 7986's NAME and REFRESH-INTERVAL): many events,
// one VTIMEZONE per zone they use. Everything in it comes from the events themselves (DTSTAMP
// is the last change, not the time of the request), so the same events give the same bytes and
// the ETag only changes when the calendar does.
import { mailMessages, type MailLocale } from './i18n/index.ts';
import { fold, text, utcStamp, type IcsEvent } from './ics.ts';
import { localStamp, vtimezone } from './ics-timezone.ts';
import { markdownToPlainText } from './markdown-text.ts';

export interface FeedEvent extends IcsEvent {
  ics_sequence: number;
  /** The reader's RSVP, in a personal feed: waitlisted and pending show as tentative. */
  my_status?: string | null;
}

function vevent(e: FeedEvent, url: string, locale: MailLocale): string[] {
  const m = mailMessages(locale).ics;
  const cancelled = e.status === 'cancelled';
  const tentative = e.my_status === 'waitlisted' || e.my_status === 'pending';
  const where = [e.venue_name, e.address].filter(Boolean).join(', ') || (e.is_online ? m.online : '');
  const description = [cancelled && e.cancel_reason ? m.cancelled(e.cancel_reason) : '', markdownToPlainText(e.description), m.eventPage(url)]
    .filter(Boolean)
    .join('\n\n');
  const changed = utcStamp(new Date(e.updated_at));
  return [
    'BEGIN:VEVENT',
    `UID:${e.id}@gather`,
    `DTSTAMP:${changed}`,
    `CREATED:${utcStamp(new Date(e.created_at))}`,
    `LAST-MODIFIED:${changed}`,
    `DTSTART;TZID=${e.timezone}:${localStamp(new Date(e.starts_at), e.timezone)}`,
    `DTEND;TZID=${e.timezone}:${localStamp(new Date(e.ends_at), e.timezone)}`,
    `SEQUENCE:${e.ics_sequence}`,
    `STATUS:${cancelled ? 'CANCELLED' : tentative ? 'TENTATIVE' : 'CONFIRMED'}`,
    `SUMMARY:${text(cancelled ? m.cancelled(e.title) : e.title)}`,
    `DESCRIPTION:${text(description)}`,
    ...(where ? [`LOCATION:${text(where)}`] : []),
    ...(e.lat !== null && e.lng !== null ? [`GEO:${e.lat};${e.lng}`] : []),
    `URL:${url}`,
    'END:VEVENT',
  ];
}

/** The whole feed. `eventUrl` gives each event's page; `name` is what calendar apps list. */
export function feedToIcs(events: FeedEvent[], opts: { name: string; eventUrl: (e: FeedEvent) => string; locale: MailLocale }): string {
  const zones = new Map<string, { from: Date; to: Date }>();
  for (const e of events) {
    const from = new Date(e.starts_at);
    const to = new Date(e.ends_at);
    const z = zones.get(e.timezone);
    zones.set(e.timezone, z ? { from: from < z.from ? from : z.from, to: to > z.to ? to : z.to } : { from, to });
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Gather//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${text(opts.name)}`,
    `X-WR-CALNAME:${text(opts.name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...[...zones].sort(([a], [b]) => (a < b ? -1 : 1)).flatMap(([zone, r]) => vtimezone(zone, r.from, r.to)),
    ...events.flatMap((e) => vevent(e, opts.eventUrl(e), opts.locale)),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
