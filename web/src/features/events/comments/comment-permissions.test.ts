import { describe, expect, it } from "vitest";
import { canModerate } from "./comment-permissions";

const event = {
  host_id: "host",
  event_hosts: [
    { user_id: "host", role: "host" as const, profile: null },
    { user_id: "co", role: "cohost" as const, profile: null },
    { user_id: "checker", role: "checker" as const, profile: null },
  ],
};

describe("canModerate", () => {
  it("lets the host, co-hosts and site admins hide comments, and nobody else", () => {
    expect(canModerate(event, "host", false)).toBe(true);
    expect(canModerate(event, "co", false)).toBe(true);
    expect(canModerate(event, "someone", true)).toBe(true);
    expect(canModerate(event, "checker", false)).toBe(false);
    expect(canModerate(event, "someone", false)).toBe(false);
    expect(canModerate(event, undefined, false)).toBe(false);
  });
});
