import { describe, expect, it } from "vitest";
import { groupMyEvents, type HostedRow, type MyEvent, type RsvpRow } from "./api/group-my-events";

const NOW = new Date("2026-11-10T12:00:00Z");
let n = 0;
function event(startsInHours: number, fields: Partial<MyEvent> = {}): MyEvent {
  const starts = new Date(NOW.getTime() + startsInHours * 36e5);
  n += 1;
  return {
    id: `e${n}`, slug: `event-${n}`, title: `Event ${n}`, starts_at: starts.toISOString(),
    ends_at: new Date(starts.getTime() + 2 * 36e5).toISOString(), timezone: "UTC", venue_name: "Hall",
    is_online: false, status: "published", visibility: "public", ...fields,
  };
}
const rsvp = (status: RsvpRow["status"], e: MyEvent, checkedIn = false): RsvpRow => ({
  status, guests: 0, checked_in_at: checkedIn ? NOW.toISOString() : null, event: e,
});
const titles = (rows: { event: MyEvent }[]) => rows.map((r) => r.event.title);

describe("/me tabs", () => {
  it("sorts a member's events into hosting, going, waitlisted, pending and past", () => {
    const later = event(48), soon = event(2, { status: "draft" }), live = event(-1), oldHosted = event(-100);
    const oldDraft = event(-200, { status: "draft" });
    const hosted: HostedRow[] = [
      { role: "host", event: later }, { role: "cohost", event: soon }, { role: "host", event: live },
      { role: "host", event: oldHosted }, { role: "host", event: oldDraft },
    ];
    const goingSoon = event(5), goingLater = event(30), waiting = event(10), asking = event(20), went = event(-50), wentAndIn = event(-30);
    const missed = event(-60);
    const rsvps = [
      rsvp("going", goingLater), rsvp("going", goingSoon), rsvp("waitlisted", waiting), rsvp("pending", asking),
      rsvp("going", went), rsvp("going", wentAndIn, true), rsvp("waitlisted", missed),
    ];
    const g = groupMyEvents(hosted, rsvps, NOW);

    // Upcoming by start; a live event is still upcoming; drafts stay with the host whatever their dates.
    expect(titles(g.hosting)).toEqual([oldDraft.title, live.title, soon.title, later.title]);
    expect(titles(g.going)).toEqual([goingSoon.title, goingLater.title]);
    expect(titles(g.waitlisted)).toEqual([waiting.title]);
    expect(titles(g.pending)).toEqual([asking.title]);
    // Past, newest first: hosted and attended; a waitlist that never came through is not "past".
    expect(g.past.map((p) => [p.kind, p.event.title])).toEqual([
      ["attended", wentAndIn.title],
      ["attended", went.title],
      ["hosted", oldHosted.title],
    ]);
    expect(g.past[0]).toMatchObject({ kind: "attended", checkedIn: true });
  });

  it("is empty everywhere for a new member", () => {
    expect(groupMyEvents([], [], NOW)).toEqual({ hosting: [], going: [], waitlisted: [], pending: [], past: [] });
  });
});
