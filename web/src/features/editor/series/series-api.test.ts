import { describe, expect, it } from "vitest";
import type { EventFields } from "../event-form-values";
import { changedFields } from "./series-api";

const event: EventFields = {
  title: "Weekly run", description: "", category: "outdoors", starts_at: "2027-03-16T18:00:00.000Z",
  ends_at: "2027-03-16T20:00:00.000Z", timezone: "Europe/Paris", venue_name: "Park", address: null, lat: 48.8, lng: 2.3,
  is_online: false, cover_path: null, video_url: null, video_path: null, capacity: null, waitlist_enabled: true,
  requires_approval: false, plus_ones_max: 0, rsvp_closes_at: "2027-03-16T18:00:00.000Z", visibility: "public", group_id: null,
};

describe("changedFields", () => {
  it("sends what changed, and both times when one moved", () => {
    expect(changedFields(event, { ...event, title: "Weekly run" }, "", "")).toEqual({});
    expect(changedFields(event, { ...event, starts_at: "2027-03-16T19:00:00Z", rsvp_closes_at: "2027-03-16T19:00:00Z" }, "", "")).toEqual({
      starts_at: "2027-03-16T19:00:00Z", ends_at: "2027-03-16T20:00:00.000Z" });
    expect(changedFields(event, { ...event, venue_name: "Hall" }, "", "https://meet.example/x")).toEqual({
      venue_name: "Hall", online_url: "https://meet.example/x" });
  });
});
