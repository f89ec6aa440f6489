import { describe, expect, it } from "vitest";
import { badgeText, bellLabel, notificationHref, notificationText } from "./notification-text";

const event = { event_id: "e1", slug: "jazz-jam", title: "Jazz jam" };
const n = (kind: string, extra: Record<string, unknown> = {}) => ({ kind, payload: { ...event, ...extra } });

describe("notification text", () => {
  it.each([
    ["rsvp_promoted", {}, "A spot opened up: you're going to Jazz jam."],
    ["rsvp_approved", {}, "The hosts approved your request: you're going to Jazz jam."],
    ["rsvp_declined", {}, "The hosts declined your request for Jazz jam."],
    ["rsvp_requested", { display_name: "Grace Hopper" }, "Grace Hopper asked to join Jazz jam."],
    ["rsvp_requested", {}, "Someone asked to join Jazz jam."],
    ["event_cancelled", { reason: "The venue flooded." }, "Jazz jam was cancelled. The venue flooded."],
    ["event_cancelled", { reason: null }, "Jazz jam was cancelled."],
    ["host_message", { subject: "Bring a torch" }, "Message from the hosts of Jazz jam: Bring a torch"],
    ["host_message", {}, "Message from the hosts of Jazz jam."],
    ["cohost_added", { role: "cohost" }, "You're now a co-host of Jazz jam."],
    ["cohost_added", { role: "checker" }, "You can now check guests in at Jazz jam."],
    ["reminder_24h", {}, "Reminder: Jazz jam starts tomorrow."],
    ["reminder_1h", {}, "Reminder: Jazz jam starts in an hour."],
    ["something_new", {}, "News about Jazz jam."],
    ["event_changed", { changed: ["time"] }, "Jazz jam has a new time."],
    ["event_changed", { changed: ["time", "place"] }, "Jazz jam has a new time and place."],
    ["group_event_published", { group_name: "Berlin Hikers" }, "New event in Berlin Hikers: Jazz jam"],
    ["group_announcement", { group_name: "Berlin Hikers", subject: "New trail" }, "Announcement from Berlin Hikers: New trail"],
    ["new_rsvp", { display_name: "Ada" }, "Ada is going to Jazz jam."],
    ["new_waitlist", { display_name: "Ada" }, "Ada joined the waitlist for Jazz jam."],
    ["new_comment", { display_name: "Ada" }, "Ada commented on Jazz jam."],
    ["content_hidden", { reason: "Spam." }, "The moderators hid Jazz jam: Spam."],
    ["content_hidden", { reason: null }, "The moderators hid Jazz jam."],
    ["content_restored", {}, "Jazz jam is visible again."],
    ["appeal_rejected", {}, "Your appeal was rejected: Jazz jam stays hidden."],
  ])("%s %j", (kind, extra, text) => {
    expect(notificationText(n(kind, extra))).toBe(text);
  });

  it("copes with a payload without a title, or no payload at all", () => {
    expect(notificationText({ kind: "rsvp_promoted", payload: {} })).toBe("A spot opened up: you're going to an event.");
    expect(notificationText({ kind: "reminder_1h", payload: null })).toBe("Reminder: an event starts in an hour.");
  });
});

describe("where a notification leads", () => {
  it("sends hosts to their dashboard, checkers to check-in, everyone else to the event", () => {
    expect(notificationHref(n("rsvp_requested"))).toBe("/events/jazz-jam/manage");
    expect(notificationHref(n("cohost_added", { role: "cohost" }))).toBe("/events/jazz-jam/manage");
    expect(notificationHref(n("cohost_added", { role: "checker" }))).toBe("/events/jazz-jam/check-in");
    expect(notificationHref(n("rsvp_approved"))).toBe("/events/jazz-jam");
    expect(notificationHref(n("host_message", { message_id: "m1" }))).toBe("/messages?about=m1");
    const mention = { kind: "mention", payload: { title: "Picnic?", group_name: "Readers", group_slug: "readers", from_name: "Ada" } };
    expect(notificationText(mention)).toBe("Ada mentioned you in Picnic? (Readers).");
    expect(notificationHref(mention)).toBe("/g/readers");
    // With the thread (decision 0405): the thread's page, at the reply or at the thread itself.
    const inThread = { ...mention.payload, thread_id: "t1" };
    expect(notificationHref({ kind: "mention", payload: { ...inThread, reply_id: "r9" } })).toBe("/g/readers?thread=t1#reply-r9");
    expect(notificationHref({ kind: "mention", payload: { ...inThread, reply_id: null } })).toBe("/g/readers?thread=t1#thread-t1");
    const reply = { kind: "discussion_reply", payload: { ...inThread, reply_id: "r2" } };
    expect(notificationText(reply)).toBe("Ada replied in Picnic? (Readers).");
    expect(notificationHref(reply)).toBe("/g/readers?thread=t1#reply-r2");
    const dm = { kind: "direct_message", payload: { from_name: "Ada", conversation_id: "c7" } };
    expect(notificationText(dm)).toBe("Ada sent you a private message.");
    expect(notificationHref(dm)).toBe("/messages?c=c7");
    expect(notificationHref(n("new_rsvp"))).toBe("/events/jazz-jam/manage");
    expect(notificationHref(n("new_comment"))).toBe("/events/jazz-jam#comments-heading");
    expect(notificationHref({ kind: "rsvp_approved", payload: {} })).toBeNull();
  });

  it("sends group news to the group, and requests to join it to its manage area", () => {
    const group = { group_slug: "berlin-hikers", group_name: "Berlin Hikers" };
    expect(notificationHref({ kind: "group_join_approved", payload: group })).toBe("/g/berlin-hikers");
    expect(notificationHref({ kind: "group_join_requested", payload: group })).toBe("/g/berlin-hikers/manage");
    expect(notificationHref({ kind: "group_event_published", payload: { ...group, ...event } })).toBe("/events/jazz-jam");
    expect(notificationText({ kind: "group_join_approved", payload: group })).toBe("You're now a member of Berlin Hikers.");
    // Host news and moderation notices about a group (decisions 0310, 0311).
    const by = { ...group, display_name: "Ada" };
    expect(notificationText({ kind: "group_join_requested", payload: by })).toBe("Ada asked to join Berlin Hikers.");
    expect(notificationText({ kind: "new_member", payload: by })).toBe("Ada joined Berlin Hikers.");
    expect(notificationHref({ kind: "new_member", payload: by })).toBe("/g/berlin-hikers/manage");
    expect(notificationText({ kind: "appeal_accepted", payload: group })).toBe("Berlin Hikers is visible again.");
    expect(notificationHref({ kind: "content_hidden", payload: group })).toBe("/g/berlin-hikers");
    expect(notificationHref({ kind: "content_hidden", payload: { ...group, hidden_item_id: "h1" } })).toBe("/notices/h1");
  });
});

describe("the bell", () => {
  it("names the unread count and caps the badge", () => {
    expect(bellLabel(0)).toBe("Notifications");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
    expect(badgeText(7)).toBe("7");
    expect(badgeText(150)).toBe("99+");
  });
});
