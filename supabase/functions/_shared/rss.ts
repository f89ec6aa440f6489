// RSS 2.0 for "new events" feeds (a group's, a search's): newest publication first. Like the
// calendar feeds, built only from the events, so the same events give the same bytes.
import { isoInZone } from './zoned-time.ts';

export interface RssEvent {
  id: string;
  title: string;
  description: string;
  starts_at: string;
  timezone: string;
  venue_name: string | null;
  address: string | null;
  is_online: boolean;
  published_at: string | null;
  created_at: string;
}

/** XML character data: the five predefined entities, and no control characters XML forbids. */
function xml(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** RFC 822 dates, as RSS 2.0 asks: "Tue, 24 Nov 2026 16:00:00 GMT". */
function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

function published(e: RssEvent): string {
  return e.published_at ?? e.created_at;
}

export function eventsToRss(
  events: RssEvent[],
  opts: {
    title: string; link: string; self: string; description: string; language: string; eventUrl: (e: RssEvent) => string;
    /** "Online" in the feed's language, for an event with no venue. */
    online: string;
  },
): string {
  const items = [...events].sort((a, b) => (published(a) < published(b) ? 1 : published(a) > published(b) ? -1 : 0)).slice(0, 50);
  const newest = items[0] ? rfc822(published(items[0])) : null;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${xml(opts.title)}</title>`,
    `<link>${xml(opts.link)}</link>`,
    `<description>${xml(opts.description)}</description>`,
    `<language>${xml(opts.language)}</language>`,
    `<atom:link href="${xml(opts.self)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`<lastBuildDate>${newest}</lastBuildDate>`] : []),
    '<ttl>60</ttl>',
    ...items.map((e) => {
      const where = [e.venue_name, e.address].filter(Boolean).join(', ') || (e.is_online ? opts.online : '');
      // When (in the event's zone, ISO 8601 so any reader parses it) and where, then the text.
      const summary = [`${isoInZone(e.starts_at, e.timezone)} (${e.timezone})${where ? ` · ${where}` : ''}`, e.description.slice(0, 1000)]
        .filter(Boolean)
        .join('\n\n');
      return [
        '<item>',
        `<title>${xml(e.title)}</title>`,
        `<link>${xml(opts.eventUrl(e))}</link>`,
        `<guid isPermaLink="false">${e.id}@gather</guid>`,
        `<pubDate>${rfc822(published(e))}</pubDate>`,
        `<description>${xml(summary)}</description>`,
        '</item>',
      ].join('\n');
    }),
    '</channel>',
    '</rss>',
  ];
  return lines.join('\n') + '\n';
}
