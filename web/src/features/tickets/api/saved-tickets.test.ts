import { afterEach, describe, expect, it } from "vitest";
import { clearPersistedCache } from "@/lib/query-client";
import type { Ticket } from "./get-ticket";
import { isNetworkFailure, savedTicket, saveTicket } from "./saved-tickets";

function ticket(rsvp: string, user: string, endsAt: string): Ticket {
  return {
    rsvp_id: rsvp, code: `code-${rsvp}`, event_id: "e", slug: "s", title: "T", starts_at: endsAt, ends_at: endsAt,
    timezone: "UTC", venue_name: null, address: null, is_online: false, event_status: "published", user_id: user,
    username: "u", display_name: "U", guests: 0, status: "going", checked_in_at: null,
  };
}

afterEach(() => localStorage.clear());

describe("tickets saved for the door", () => {
  it("keeps upcoming tickets per member, drops past ones, and forgets all on sign-out", () => {
    const now = new Date("2030-01-10T00:00:00Z");
    saveTicket(ticket("r1", "ada", "2030-01-11T00:00:00Z"), now);
    saveTicket(ticket("r2", "ada", "2030-01-09T00:00:00Z"), now); // already over
    saveTicket(ticket("r3", "grace", "2030-01-12T00:00:00Z"), now);
    expect(savedTicket("ada", "r1")?.ticket.code).toBe("code-r1");
    expect(savedTicket("ada", "r2")).toBeNull();
    // Another member's ticket is never read for this one.
    expect(savedTicket("ada", "r3")).toBeNull();
    expect(savedTicket("grace", "r3")?.savedAt).toBe(now.toISOString());

    clearPersistedCache();
    expect(savedTicket("ada", "r1")).toBeNull();
    expect(savedTicket("grace", "r3")).toBeNull();
  });

  it("tells a failed network from an answer", () => {
    expect(isNetworkFailure({ message: "TypeError: Failed to fetch" })).toBe(true);
    expect(isNetworkFailure({ message: "permission denied for function my_ticket" })).toBe(false);
  });
});
