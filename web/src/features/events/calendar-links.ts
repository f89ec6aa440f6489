import { toCompactUtc } from "@/lib/datetime";
import type { EventDetail } from "./api/get-event";

type CalendarEvent = Pick<EventDetail, "slug" | "title" | "description" | "starts_at" | "ends_at" | "timezone" | "venue_name" | "address" | "is_online">;

/** The .ics file from the event-ics function (any calendar app). */
export function icsUrl(slug: string, apiBase = ""): string {
  return `${apiBase}/functions/v1/event-ics?slug=${encodeURIComponent(slug)}`;
}

/** Google Calendar's "add event" template link. */
export function googleCalendarUrl(event: CalendarEvent, pageUrl: string): string {
  const location = [event.venue_name, event.address].filter(Boolean).join(", ") || (event.is_online ? "Online" : "");
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${toCompactUtc(event.starts_at)}/${toCompactUtc(event.ends_at)}`,
    ctz: event.timezone,
    details: `${event.description.slice(0, 1000)}\n\n${pageUrl}`.trim(),
    location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
