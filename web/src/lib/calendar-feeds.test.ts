import { describe, expect, it } from "vitest";
import { calendarFeedUrl, googleSubscribeUrl, outlookSubscribeUrl, webcalUrl } from "./calendar-feeds";

const API = "https://api.gather.example";

describe("calendar feed links", () => {
  it("builds the https and webcal addresses of a feed, in the language on screen", () => {
    const feed = calendarFeedUrl({ group: "lisbon-runners" }, "ics", API);
    expect(feed).toBe(`${API}/functions/v1/calendar-feed?group=lisbon-runners&lang=en`);
    expect(webcalUrl(feed)).toBe("webcal://api.gather.example/functions/v1/calendar-feed?group=lisbon-runners&lang=en");
    expect(webcalUrl("http://127.0.0.1:54321/x")).toBe("webcal://127.0.0.1:54321/x");
    expect(calendarFeedUrl({ q: "jazz & blues" }, "rss", API)).toBe(`${API}/functions/v1/calendar-feed?q=jazz+%26+blues&format=rss&lang=en`);
  });

  it("uses each calendar app's documented subscribe URL", () => {
    const feed = `${API}/functions/v1/calendar-feed?token=abc&lang=en`;
    const google = new URL(googleSubscribeUrl(feed));
    expect(`${google.origin}${google.pathname}`).toBe("https://calendar.google.com/calendar/r");
    expect(google.searchParams.get("cid")).toBe(webcalUrl(feed));
    const outlook = new URL(outlookSubscribeUrl(feed, "Gather"));
    expect(`${outlook.origin}${outlook.pathname}`).toBe("https://outlook.live.com/calendar/0/addfromweb");
    expect(outlook.searchParams.get("url")).toBe(feed);
    expect(outlook.searchParams.get("name")).toBe("Gather");
  });
});
