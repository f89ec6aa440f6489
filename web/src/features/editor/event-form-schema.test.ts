import { describe, expect, it } from "vitest";
import { eventFormSchema, ruleMessage, type EventFormValues } from "./event-form-schema";
import { eventToFormValues, formValuesToEventFields, newEventFormValues, type EditableEvent } from "./event-form-values";

const NOW = new Date("2026-11-20T12:00:00Z");

function valid(overrides: Partial<EventFormValues> = {}): EventFormValues {
  return {
    ...newEventFormValues("Europe/Lisbon", NOW),
    title: "Analytical engines night",
    venueName: "LX Factory",
    lat: "38.7036",
    lng: "-9.1784",
    ...overrides,
  };
}

/** The messages per field, as the form would show them. */
function problems(values: EventFormValues, publishing = false): Record<string, string[]> {
  const result = eventFormSchema({ publishing, now: () => NOW }).safeParse(values);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}

describe("the editor's rules, in the database's words", () => {
  it("accepts a complete event", () => {
    expect(problems(valid())).toEqual({});
    expect(problems(valid(), true)).toEqual({});
  });

  it("title: 3 to 120 characters, counted without surrounding spaces", () => {
    expect(problems(valid({ title: "ab" })).title).toEqual([ruleMessage("invalid_title")]);
    expect(problems(valid({ title: "  ab  " })).title).toEqual([ruleMessage("invalid_title")]);
    expect(problems(valid({ title: "x".repeat(121) })).title).toEqual([ruleMessage("invalid_title")]);
    expect(problems(valid({ title: "abc" })).title).toBeUndefined();
    expect(problems(valid({ title: "x".repeat(120) })).title).toBeUndefined();
    expect(ruleMessage("invalid_title")).toBe("The title must be 3 to 120 characters long.");
  });

  it("description: at most 20,000 characters", () => {
    expect(problems(valid({ description: "x".repeat(20_000) })).description).toBeUndefined();
    expect(problems(valid({ description: "x".repeat(20_001) })).description).toEqual([
      "The description can be at most 20,000 characters long.",
    ]);
  });

  it("dates: the end after the start, at most 14 days later (in the event's zone)", () => {
    const message = "The event must end after it starts, and last at most 14 days.";
    expect(problems(valid({ endTime: "18:00" })).endTime).toEqual([message]);
    expect(problems(valid({ endTime: "17:00" })).endTime).toEqual([message]);
    expect(problems(valid({ endDate: "2026-12-05", endTime: "18:00" })).endTime).toBeUndefined(); // exactly 14 days
    expect(problems(valid({ endDate: "2026-12-05", endTime: "18:01" })).endTime).toEqual([message]);
    // Across the night is fine when the end date says so.
    expect(problems(valid({ endDate: "2026-11-22", endTime: "02:00" })).endTime).toBeUndefined();
  });

  it("publishing: the start must be in the future (drafts may be in the past)", () => {
    const past = valid({ startDate: "2026-11-19", endDate: "2026-11-19" });
    expect(problems(past).startDate).toBeUndefined();
    expect(problems(past, true).startDate).toEqual(["An event must start in the future to be published."]);
  });

  it("time zone: a name from the list", () => {
    expect(problems(valid({ timezone: "Europe/Atlantis" })).timezone).toEqual(["Choose a time zone from the list."]);
    expect(problems(valid({ timezone: "America/Sao_Paulo" })).timezone).toBeUndefined();
  });

  it("place: latitude and longitude in range", () => {
    const message = "Latitude must be between -90 and 90 and longitude between -180 and 180.";
    expect(problems(valid({ lat: "90.5" })).lat).toEqual([message]);
    expect(problems(valid({ lng: "-180.01" })).lng).toEqual([message]);
    expect(problems(valid({ lat: "north" })).lat).toEqual([message]);
    expect(problems(valid({ lat: "-90", lng: "180" }))).toEqual({});
  });

  it("place or online link, or both", () => {
    const message = "Add a place on the map or an online link, or both.";
    expect(problems(valid({ venueName: "", lat: "", lng: "" })).venueName).toEqual([message]);
    // A venue without its point on the map is not a place yet.
    expect(problems(valid({ lat: "" })).venueName).toEqual([message]);
    expect(problems(valid({ venueName: "", lat: "", lng: "", onlineUrl: "https://meet.example.com/x" }))).toEqual({});
  });

  it("online link: https only", () => {
    const message = "The online link must start with https://.";
    expect(problems(valid({ onlineUrl: "http://meet.example.com" })).onlineUrl).toEqual([message]);
    expect(problems(valid({ onlineUrl: "HTTPS://meet.example.com" })).onlineUrl).toEqual([message]);
  });

  it("capacity: empty (unlimited) or 1 to 100,000", () => {
    const message = "Capacity must be empty or between 1 and 100,000.";
    expect(problems(valid({ capacity: "" })).capacity).toBeUndefined();
    expect(problems(valid({ capacity: "100000" })).capacity).toBeUndefined();
    expect(problems(valid({ capacity: "0" })).capacity).toEqual([message]);
    expect(problems(valid({ capacity: "100001" })).capacity).toEqual([message]);
    expect(problems(valid({ capacity: "2.5" })).capacity).toEqual([message]);
  });

  it("guests per RSVP: 0 to 10", () => {
    const message = "Guests per RSVP must be between 0 and 10.";
    expect(problems(valid({ plusOnesMax: "10" })).plusOnesMax).toBeUndefined();
    expect(problems(valid({ plusOnesMax: "11" })).plusOnesMax).toEqual([message]);
    expect(problems(valid({ plusOnesMax: "" })).plusOnesMax).toEqual([message]);
  });

  it("video link: YouTube or Vimeo, as the database's pattern", () => {
    const message = "The video link must be a YouTube or Vimeo link.";
    for (const url of ["https://www.youtube.com/watch?v=aqz-KE-bpKQ", "https://youtu.be/aqz-KE-bpKQ", "https://vimeo.com/76979871", "https://player.vimeo.com/video/1", "HTTPS://M.YOUTUBE.COM/watch?v=x"]) {
      expect(problems(valid({ videoKind: "link", videoUrl: url })).videoUrl).toBeUndefined();
    }
    for (const url of ["http://youtube.com/watch?v=x", "https://dailymotion.com/x", "https://notyoutube.com/x", ""]) {
      expect(problems(valid({ videoKind: "link", videoUrl: url })).videoUrl).toEqual([message]);
    }
    // Not checked unless the video is a link.
    expect(problems(valid({ videoKind: "none", videoUrl: "nonsense" })).videoUrl).toBeUndefined();
  });

  it("reports every problem at once, not just the first field's", () => {
    const all = problems(valid({ title: "", endTime: "10:00", venueName: "", capacity: "0" }));
    expect(Object.keys(all).sort()).toEqual(["capacity", "endTime", "title", "venueName"]);
  });
});

describe("form values ⇄ the event's columns", () => {
  it("turns wall-clock times in the chosen zone into instants", () => {
    const row = formValuesToEventFields(valid({ timezone: "America/New_York", startDate: "2026-11-25", endDate: "2026-11-25", startTime: "19:00", endTime: "21:30" }));
    expect(row.starts_at).toBe("2026-11-26T00:00:00.000Z");
    expect(row.ends_at).toBe("2026-11-26T02:30:00.000Z");
    expect(row.rsvp_closes_at).toBe(row.starts_at);
    expect(row.timezone).toBe("America/New_York");
  });

  it("writes empties as nulls, numbers as numbers, and only the chosen kind of video", () => {
    const row = formValuesToEventFields(valid({ capacity: "", address: "  ", videoKind: "upload", videoUrl: "https://youtu.be/x", videoPath: "e/v.mp4", onlineUrl: "https://meet.example.com/a", plusOnesMax: "2" }));
    expect(row).toMatchObject({ capacity: null, address: null, video_url: null, video_path: "e/v.mp4", is_online: true, plus_ones_max: 2, lat: 38.7036 });
    const link = formValuesToEventFields(valid({ videoKind: "link", videoUrl: "https://youtu.be/x", videoPath: "e/v.mp4", capacity: "30" }));
    expect(link).toMatchObject({ video_url: "https://youtu.be/x", video_path: null, capacity: 30, is_online: false });
  });

  it("reads a stored event back into the same form values", () => {
    const values = valid({ timezone: "Asia/Tokyo", rsvpClosesAt: "2026-11-21T12:00", capacity: "40", videoKind: "link", videoUrl: "https://vimeo.com/1", onlineUrl: "https://meet.example.com/a" });
    const fields = formValuesToEventFields(values);
    const event: EditableEvent = { ...fields, id: "e1", slug: "s", status: "draft", host_id: "h", updated_at: "", online_url: "https://meet.example.com/a" };
    // A saved event's zone counts as the host's choice: a venue moved later does not change it (decision 0300).
    expect(eventToFormValues(event)).toEqual({ ...values, timezoneChosen: true });
  });

  it("starts a new event tomorrow evening in the host's zone", () => {
    // 23:30 on the 20th in New York is already the 21st in UTC: tomorrow is still the 21st there.
    const values = newEventFormValues("America/New_York", new Date("2026-11-21T04:30:00Z"));
    expect(values).toMatchObject({ startDate: "2026-11-21", endDate: "2026-11-21", startTime: "18:00", endTime: "20:00", timezone: "America/New_York" });
    expect(values.timezoneChosen).toBe(false); // until a venue gives its own zone

  });
});
