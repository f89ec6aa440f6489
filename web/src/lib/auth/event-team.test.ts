import { describe, expect, it } from "vitest";
import { canCheckIn, canManageEvent, eventTeamRole } from "./event-team";

const event = {
  host_id: "owner",
  event_hosts: [
    { user_id: "co", role: "cohost" as const },
    { user_id: "door", role: "checker" as const },
  ],
};

describe("eventTeamRole", () => {
  it("gives the owner, co-hosts, checkers and site admins their rights, and nobody else", () => {
    expect(eventTeamRole(event, "owner", false)).toBe("host");
    expect(eventTeamRole(event, "co", false)).toBe("cohost");
    expect(eventTeamRole(event, "door", false)).toBe("checker");
    expect(eventTeamRole(event, "someone", true)).toBe("host");
    expect(eventTeamRole(event, "someone", false)).toBeNull();
    expect(eventTeamRole(event, undefined, true)).toBeNull();
    expect([canManageEvent("cohost"), canManageEvent("checker"), canCheckIn("checker"), canCheckIn(null)]).toEqual([true, false, true, false]);
  });
});
