import { describe, expect, it } from "vitest";
import { auditDetail, auditText } from "./audit-text";

const e = (action: string, target_type: string, details: Record<string, unknown> = {}) => ({ action, target_type, details });

describe("audit trail lines", () => {
  it.each([
    [e("content_hidden", "comment"), "hid a comment"],
    [e("content_restored", "event"), "restored an event"],
    [e("report_resolved", "report", { target_type: "comment" }), "resolved the reports on a comment"],
    [e("report_dismissed", "report", { target_type: "event" }), "dismissed the reports on an event"],
    [e("user_suspended", "user", { username: "grace", reason: "Spam" }), "suspended @grace"],
    [e("user_restored", "user", { username: "grace" }), "lifted the suspension of @grace"],
    [e("host_added", "event", { username: "linus", role: "checker" }), "added @linus as checker"],
    [e("host_role_changed", "event", { username: "linus", role: "cohost" }), "made @linus a co-host"],
    [e("host_removed", "event", { username: "linus" }), "removed @linus from an event's team"],
    [e("message_sent", "event", { recipient_count: 1, subject: "Hi" }), "messaged 1 attendee"],
    [e("something_else", "thing"), "something else (thing)"],
  ])("%j", (entry, text) => {
    expect(auditText(entry)).toBe(text);
  });

  it("adds the reason or subject where there is one", () => {
    expect(auditDetail(e("user_suspended", "user", { reason: " Spam links " }))).toBe("Reason: Spam links");
    expect(auditDetail(e("user_suspended", "user", { reason: null }))).toBeUndefined();
    expect(auditDetail(e("message_sent", "event", { subject: "Venue change" }))).toBe("“Venue change”");
    expect(auditDetail(e("content_hidden", "comment"))).toBeUndefined();
    expect(auditText(e("user_suspended", "user", {}))).toBe("suspended a member");
  });
});
