import { describe, expect, it } from "vitest";
import { checkInWindowText, failureOutcome, successOutcome } from "./check-in-outcome";

const event = { id: "e1", starts_at: "2026-11-25T19:00:00Z", ends_at: "2026-11-25T22:00:00Z", timezone: "UTC" };
const err = (code: string, message: string) => ({ code, message, details: null, hint: null });

describe("check-in outcomes", () => {
  it("says who is in, with their guests and the time in the event's zone", () => {
    const outcome = successOutcome(
      { rsvp_id: "r", event_id: "e1", user_id: "u", username: "grace", display_name: "Grace Hopper", guests: 1, checked_in_at: "2026-11-25T18:05:00Z" },
      event,
    );
    expect(outcome).toMatchObject({ tone: "success", headline: "Checked in", name: "Grace Hopper" });
    expect(outcome.detail).toMatch(/^\+1 guest · 6:05\s?PM$/);
  });

  it("keeps a paid ticket's id, so its check-in can be undone from the result; an RSVP's has none", () => {
    const at = "2026-11-25T18:05:00Z";
    const paid = successOutcome(
      { rsvp_id: "", ticket_id: "t1", event_id: "e1", user_id: "u", username: "ada", display_name: "Ada", guests: 0, checked_in_at: at },
      event,
    );
    expect(paid.ticketId).toBe("t1");
    const free = successOutcome({ rsvp_id: "r", event_id: "e1", user_id: "u", username: "ada", display_name: "Ada", guests: 0, checked_in_at: at }, event);
    expect(free).not.toHaveProperty("ticketId");
  });

  it("warns when a ticket was for another event the checker also serves", () => {
    const outcome = successOutcome(
      { rsvp_id: "r", event_id: "other", user_id: "u", username: "g", display_name: "G", guests: 0, checked_in_at: "2026-11-25T18:05:00Z" },
      event,
    );
    expect(outcome.tone).toBe("warning");
    expect(outcome.detail).toContain("different event");
  });

  it("repeats the time of the first check-in", () => {
    const outcome = failureOutcome(err("already_checked_in", "Already checked in at 18:05 (UTC)."), event, "Grace Hopper");
    expect(outcome).toEqual({ tone: "warning", headline: "Already checked in at 18:05 (UTC)", name: "Grace Hopper" });
  });

  it("says when check-in opens, or that it closed", () => {
    const closed = err("check_in_closed", "Check-in opens 2 hours before the start and closes at the end.");
    expect(failureOutcome(closed, event, undefined, new Date("2026-11-25T10:00:00Z")).headline).toMatch(
      /^Check-in opens at Wed, Nov 25 · 5:00\s?PM UTC\.$/,
    );
    expect(failureOutcome(closed, event, undefined, new Date("2026-11-26T10:00:00Z")).headline).toBe(
      "Check-in has closed: the event is over.",
    );
    expect(checkInWindowText(event, new Date("2026-11-25T17:30:00Z"))).toBeNull();
  });

  it("names invalid tickets and people not on the list", () => {
    expect(failureOutcome(err("invalid_ticket", "This ticket code is not valid."), event)).toEqual({
      tone: "error", headline: "Not a valid ticket", detail: "This ticket code is not valid.",
    });
    expect(failureOutcome(err("not_going", "This person is not on the guest list."), event, "Linus").headline).toBe(
      "Not on the guest list",
    );
    expect(failureOutcome(new Error("Failed to fetch"), event).detail).toBe(
      "You seem to be offline. Check your connection and try again.",
    );
  });
});
