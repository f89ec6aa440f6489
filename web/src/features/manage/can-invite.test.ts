import { describe, expect, it } from "vitest";
import { canInviteTo } from "./can-invite";

const now = Date.parse("2026-12-01T10:00:00Z");
const event = {
  status: "published",
  visibility: "private",
  starts_at: "2026-12-08T18:00:00Z",
  rsvp_closes_at: null,
} as const;

describe("canInviteTo", () => {
  it("offers invitations for a published event still taking RSVPs, whatever its listing", () => {
    expect(canInviteTo(event, now)).toBe(true);
    expect(canInviteTo({ ...event, visibility: "public" }, now)).toBe(true);
    expect(canInviteTo({ ...event, visibility: "unlisted" }, now)).toBe(true);
  });

  it("not for drafts, cancelled events or members-only events", () => {
    expect(canInviteTo({ ...event, status: "draft" }, now)).toBe(false);
    expect(canInviteTo({ ...event, status: "cancelled" }, now)).toBe(false);
    expect(canInviteTo({ ...event, visibility: "members" }, now)).toBe(false);
  });

  it("not once RSVPs have closed: at the closing time if set, else at the start", () => {
    expect(canInviteTo({ ...event, rsvp_closes_at: "2026-12-01T09:59:59Z" }, now)).toBe(false);
    expect(canInviteTo({ ...event, rsvp_closes_at: "2026-12-01T10:00:01Z" }, now)).toBe(true);
    expect(canInviteTo({ ...event, starts_at: "2026-12-01T10:00:00Z" }, now)).toBe(false);
  });
});
