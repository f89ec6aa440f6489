import { describe, expect, it } from "vitest";
import type { InviteLink } from "./api/invitations-api";
import { invitationStage } from "./components/invitation-list";
import { linkState } from "./components/invite-links";

const link = (over: Partial<InviteLink> = {}): InviteLink => ({
  id: "l", token: "t", expires_at: null, max_uses: null, use_count: 0, revoked_at: null, created_at: "2026-11-01T00:00:00Z", ...over,
});

describe("an invitation link's state", () => {
  const now = Date.parse("2026-11-29T10:00:00Z");
  it("is active until turned off, expired or used up, turned off first", () => {
    expect(linkState(link(), now)).toBe("active");
    expect(linkState(link({ expires_at: "2026-11-29T10:00:01Z", max_uses: 2, use_count: 1 }), now)).toBe("active");
    expect(linkState(link({ expires_at: "2026-11-29T10:00:00Z" }), now)).toBe("expired");
    expect(linkState(link({ max_uses: 2, use_count: 2 }), now)).toBe("used_up");
    expect(linkState(link({ revoked_at: "2026-11-28T00:00:00Z", max_uses: 1, use_count: 1 }), now)).toBe("revoked");
  });
});

describe("where an invitation stands for the hosts", () => {
  it("is its answer, else opened or only invited", () => {
    expect(invitationStage({ opened_at: null, response: null })).toBe("invited");
    expect(invitationStage({ opened_at: "2026-11-29T09:00:00Z", response: null })).toBe("opened");
    expect(invitationStage({ opened_at: null, response: "going" })).toBe("going");
    expect(invitationStage({ opened_at: "2026-11-29T09:00:00Z", response: "declined" })).toBe("declined");
  });
});
