import { describe, expect, it } from "vitest";
import { duplicateFormValues, formValuesToEventFields, newEventFormValues, type EditableEvent } from "./event-form-values";

const NOW = new Date("2026-11-20T12:00:00Z");

function stored(overrides: Partial<EditableEvent> = {}): EditableEvent {
  const values = {
    ...newEventFormValues("Asia/Tokyo", NOW),
    title: "Pottery wheel night", description: "**Clay** provided.", venueName: "Clay studio", lat: "35.68", lng: "139.76",
    startDate: "2026-11-03", startTime: "19:00", endDate: "2026-11-03", endTime: "21:00", timezone: "Asia/Tokyo",
    capacity: "12", videoKind: "upload" as const, videoPath: "e1/video.mp4", coverPath: "e1/cover.png",
  };
  return { ...formValuesToEventFields(values), id: "e1", slug: "pottery", status: "published", host_id: "h", updated_at: "", online_url: null, ...overrides };
}

describe("duplicateFormValues (the host dashboard's Duplicate)", () => {
  it("keeps the words, place, zone and settings, at the same time of day the first whole week after today", () => {
    const copy = duplicateFormValues(stored(), NOW);
    // 3 Nov + 3 weeks = 24 Nov, the first such date after 20 Nov in Tokyo.
    expect(copy).toMatchObject({
      title: "Pottery wheel night", description: "**Clay** provided.", venueName: "Clay studio", timezone: "Asia/Tokyo",
      capacity: "12", startDate: "2026-11-24", startTime: "19:00", endDate: "2026-11-24", endTime: "21:00",
    });
  });

  it("moves a future event one week on, and leaves the original's picture and video file behind", () => {
    const copy = duplicateFormValues(stored({ starts_at: "2026-12-01T10:00:00Z", ends_at: "2026-12-01T12:00:00Z" }), NOW);
    expect(copy.startDate).toBe("2026-12-08");
    expect(copy).toMatchObject({ coverPath: "", videoPath: "", videoKind: "none", rsvpClosesAt: "" });
  });
});
