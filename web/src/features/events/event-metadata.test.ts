import { describe, expect, it } from "vitest";
import { googleCalendarUrl, icsUrl } from "./calendar-links";
import { eventJsonLd, metaDescription } from "./event-json-ld";

const event = {
  slug: "jazz-jam", title: "Jazz jam", description: "Bring an **instrument**.\nOr your ears.",
  starts_at: "2030-11-25T19:00:00+00:00", ends_at: "2030-11-25T22:00:00+00:00", timezone: "America/Sao_Paulo",
  status: "published" as const, venue_name: "Mercadão", address: "Rua da Cantareira 306", lat: -23.54, lng: -46.63,
  is_online: true, host: { username: "dennis", display_name: "Dennis Ritchie" },
};

describe("event metadata", () => {
  it("describes the event as schema.org Event, without leaking the online link", () => {
    const ld = eventJsonLd(event, "https://gather.example/events/jazz-jam");
    expect(ld).toMatchObject({
      "@type": "Event", name: "Jazz jam", startDate: event.starts_at,
      eventAttendanceMode: "https://schema.org/MixedEventAttendanceMode",
      eventStatus: "https://schema.org/EventScheduled",
      organizer: { name: "Dennis Ritchie" },
    });
    expect(JSON.stringify(ld)).not.toContain("meet.example.com");
    expect(eventJsonLd({ ...event, status: "cancelled" }, "u").eventStatus).toBe("https://schema.org/EventCancelled");
  });

  it("flattens the description for meta tags", () => {
    expect(metaDescription(event.description)).toBe("Bring an instrument. Or your ears.");
    expect(metaDescription("x".repeat(300))).toHaveLength(160);
  });

  it("links to the calendar file and to Google Calendar in UTC", () => {
    expect(icsUrl("jazz-jam", "http://api")).toBe("http://api/functions/v1/event-ics?slug=jazz-jam");
    const google = new URL(googleCalendarUrl(event, "https://gather.example/events/jazz-jam"));
    expect(google.searchParams.get("dates")).toBe("20301125T190000Z/20301125T220000Z");
    expect(google.searchParams.get("ctz")).toBe("America/Sao_Paulo");
    expect(google.searchParams.get("location")).toBe("Mercadão, Rua da Cantareira 306");
  });
});
