import { describe, expect, it } from "vitest";
import { googleCalendarUrl, icsUrl } from "./calendar-links";

const event = {
  slug: "jazz-jam", title: "Jazz jam", description: "Bring an **instrument**.\nOr your ears.",
  starts_at: "2030-11-25T19:00:00+00:00", ends_at: "2030-11-25T22:00:00+00:00", timezone: "America/Sao_Paulo",
  status: "published" as const, venue_name: "Mercadão", address: "Rua da Cantareira 306", lat: -23.54, lng: -46.63,
  is_online: true, host: { username: "dennis", display_name: "Dennis Ritchie" },
};

describe("calendar links", () => {
  it("links to the calendar file and to Google Calendar in UTC", () => {
    expect(icsUrl("jazz-jam", "http://api")).toBe("http://api/functions/v1/event-ics?slug=jazz-jam");
    const google = new URL(googleCalendarUrl(event, "https://gather.example/events/jazz-jam"));
    expect(google.searchParams.get("dates")).toBe("20301125T190000Z/20301125T220000Z");
    expect(google.searchParams.get("ctz")).toBe("America/Sao_Paulo");
    expect(google.searchParams.get("location")).toBe("Mercadão, Rua da Cantareira 306");
  });

  it("gives Google the description as plain text, not Markdown (issue 32)", () => {
    const google = new URL(googleCalendarUrl({ ...event, description: "Bring an **instrument**.\nSee [the map](https://maps.example/m)." }, "https://gather.example/events/jazz-jam"));
    expect(google.searchParams.get("details")).toBe("Bring an instrument.\nSee the map (https://maps.example/m).\n\nhttps://gather.example/events/jazz-jam");
  });
});
