import { t } from "@lingui/core/macro";
import { markdownToPlainText } from "@shared/markdown-text";
import { toCompactUtc } from "@/lib/datetime";
import type { EventDetail } from "./api/get-event";

type CalendarEvent = Pick<EventDetail, "slug" | "title" | "description" | "starts_at" | "ends_at" | "timezone" | "venue_name" | "address" | "is_online">;

/** The .ics file from the event-ics function (any calendar app), its text in `lang`. */
export function icsUrl(slug: string, apiBase = "", lang?: string): string {
  const query = new URLSearchParams({ slug, ...(lang ? { lang } : {}) });
  return `${apiBase}/functions/v1/event-ics?${query.toString()}`;
}

/** Google Calendar's "add event" template link. */
export function googleCalendarUrl(event: CalendarEvent, pageUrl: string): string {
  const location = [event.venue_name, event.address].filter(Boolean).join(", ") || (event.is_online ? t`Online` : "");
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${toCompactUtc(event.starts_at)}/${toCompactUtc(event.ends_at)}`,
    ctz: event.timezone,
    // Google shows the details as typed: the description's text, not its Markdown (issue 32).
    details: `${markdownToPlainText(event.description).slice(0, 1000)}\n\n${pageUrl}`.trim(),
    location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
