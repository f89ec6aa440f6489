import ICAL from 'ical.js';
import { expect } from 'vitest';
import { DEFAULT_ANON_KEY } from '../../server/src/config/default-keys.ts';

/** One date of a feed as a calendar app keeps it: wall-clock start (YYYY-MM-DDTHH:MM, in its zone), SEQUENCE, status. */
export type FeedDate = { url: string; summary: string; start: string; sequence: number; status: string };

/** An iCalendar body's events, parsed with ical.js. */
export function feedDatesIn(text: string): FeedDate[] {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((v) => ({
    url: String(v.getFirstPropertyValue('url')),
    summary: String(v.getFirstPropertyValue('summary')),
    start: String(v.getFirstPropertyValue('dtstart')).slice(0, 16),
    sequence: Number(v.getFirstPropertyValue('sequence')),
    status: String(v.getFirstPropertyValue('status')),
  }));
}

/** Fetched with nothing but the URL, as a calendar app polls it. */
export async function fetchFeed(url: string): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** A feed that must answer 200, as its dates. */
export async function feedDates(url: string): Promise<FeedDate[]> {
  const feed = await fetchFeed(url);
  expect(feed.status).toBe(200);
  return feedDatesIn(feed.text);
}

/** The REST API as the public reads it (anon key, no session). */
export async function readAsAnon<T>(serverUrl: string, path: string): Promise<T> {
  const res = await fetch(`${serverUrl}/rest/v1/${path}`, { headers: { apikey: DEFAULT_ANON_KEY } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
