import { describe, expect, it } from "vitest";
import { auditDetail, auditText } from "./audit-text";

const e = (action: string, target_type: string, details: Record<string, unknown> = {}) => ({ action, target_type, details });

describe("audit trail lines", () => {
  it.each([
    [e("content_hidden", "comment"), "Ada hid a comment"],
    [e("content_restored", "group"), "Ada restored a group"],
    [e("report_resolved", "report", { target_type: "comment" }), "Ada resolved the reports on a comment"],
    [e("report_dismissed", "report", { target_type: "event" }), "Ada dismissed the reports on an event"],
    [e("user_suspended", "user", { username: "grace", reason: "Spam" }), "Ada suspended @grace"],
    [e("user_restored", "user", { username: "grace" }), "Ada lifted the suspension of @grace"],
    [e("host_added", "event", { username: "linus", role: "checker" }), "Ada added @linus as checker"],
    [e("host_role_changed", "event", { username: "linus", role: "cohost" }), "Ada made @linus a co-host"],
    [e("host_removed", "event", { username: "linus" }), "Ada removed @linus from an event's team"],
    [e("message_sent", "event", { recipient_count: 1, subject: "Hi" }), "Ada messaged 1 attendee"],
    [e("announcement_sent", "group", { recipient_count: 12 }), "Ada sent a group announcement to 12 members"],
    [e("group_member_banned", "group", { username: "mallory", reason: "Spam" }), "Ada banned @mallory from a group"],
    [e("something_else", "thing"), "Ada: something else (thing)"],
  ])("%j", (entry, text) => {
    expect(auditText(entry, "Ada")).toBe(text);
  });

  it("adds the reason or subject where there is one", () => {
    expect(auditDetail(e("user_suspended", "user", { reason: " Spam links " }))).toBe("Reason: Spam links");
    expect(auditDetail(e("user_suspended", "user", { reason: null }))).toBeUndefined();
    expect(auditDetail(e("message_sent", "event", { subject: "Venue change" }))).toBe("“Venue change”");
    expect(auditDetail(e("content_hidden", "comment"))).toBeUndefined();
    expect(auditText(e("user_suspended", "user", {}), "Ada")).toBe("Ada suspended a member");
    expect(auditDetail(e("group_member_banned", "group", { reason: "Spam" }))).toBe("Reason: Spam");
  });
});
