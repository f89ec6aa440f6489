// Addresses of the calendar-feed function's subscriptions (decision 0131), and the documented
// "subscribe by URL" links of the big calendar apps (decision 0136). Calendar apps poll the
// address themselves, so every link carries the whole feed URL; webcal:// is the same address
// with the scheme calendar apps register for.
import { activeLocale } from "@/lib/i18n/active-locale";
import { supabaseUrl } from "@/lib/supabase-config";

export type FeedFormat = "ics" | "rss";

/** The https address of a feed: `params` as calendar-feed reads them (group, token, q, …). */
export function calendarFeedUrl(params: Record<string, string>, format: FeedFormat = "ics", apiBase = supabaseUrl): string {
  const query = new URLSearchParams(params);
  if (format === "rss") query.set("format", "rss");
  // The feed's own words (a cancelled event's "Cancelled:", the RSS channel's description) in
  // the language on screen, whatever the calendar app or feed reader sends.
  query.set("lang", activeLocale());
  return `${apiBase}/functions/v1/calendar-feed?${query.toString()}`;
}

/** The same address for calendar apps: webcal:// opens the system's calendar (Apple's, Outlook). */
export function webcalUrl(httpsUrl: string): string {
  return httpsUrl.replace(/^https?:\/\//, "webcal://");
}

/** Google Calendar's "add by URL": https://calendar.google.com/calendar/r?cid=<webcal URL>. */
export function googleSubscribeUrl(httpsUrl: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl(httpsUrl))}`;
}

/** Outlook.com's "add from web": the https URL and the calendar's name. */
export function outlookSubscribeUrl(httpsUrl: string, name: string): string {
  const query = new URLSearchParams({ url: httpsUrl, name });
  return `https://outlook.live.com/calendar/0/addfromweb?${query.toString()}`;
}
