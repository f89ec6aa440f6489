import { describe, expect, it } from "vitest";
import { saveProblem } from "./editor-errors";

describe("save errors from the database", () => {
  it("puts a catalogue error beside its field, in the database's words", () => {
    expect(saveProblem({ code: "invalid_dates", message: "The event must end after it starts, and last at most 14 days." })).toEqual({
      field: "endTime",
      message: "The event must end after it starts, and last at most 14 days.",
    });
    expect(saveProblem({ code: "starts_in_past", message: "An event must start in the future to be published." }).field).toBe("startDate");
    expect(saveProblem({ code: "invalid_online_url", message: "The online link must start with https://." }).field).toBe("onlineUrl");
  });

  it("puts a refused move to another group beside the group select", () => {
    const message = "Only the event's host or its group's organizers can move it to another group.";
    expect(saveProblem({ code: "cannot_change_group", message })).toEqual({ field: "groupId", message });
  });

  it("maps a raw check-constraint violation to its field", () => {
    const error = { code: "23514", message: 'new row for relation "events" violates check constraint "events_capacity_range"' };
    expect(saveProblem(error).field).toBe("capacity");
  });

  it("keeps other errors for the toast only, offline in plain words", () => {
    expect(saveProblem({ code: "rate_limited", message: "You're doing that too often. Try again in a minute." })).toEqual({
      message: "You're doing that too often. Try again in a minute.",
    });
    expect(saveProblem(new TypeError("Failed to fetch"))).toEqual({
      message: "You seem to be offline. Check your connection and try again.",
    });
  });
});
