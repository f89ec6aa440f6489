import type { CompactEvent } from "@/components/events/compact-event-list";

export type MyEvent = CompactEvent & { ends_at: string; visibility: string };
export type HostRole = "host" | "cohost";
export type MyRsvpStatus = "going" | "waitlisted" | "pending";

export type HostedRow = { role: HostRole; event: MyEvent };
export type RsvpRow = { status: MyRsvpStatus; guests: number; checked_in_at: string | null; event: MyEvent };

export type PastEntry =
  | { kind: "hosted"; role: HostRole; event: MyEvent }
  | { kind: "attended"; checkedIn: boolean; event: MyEvent };

export type MyEventGroups = {
  hosting: HostedRow[];
  going: RsvpRow[];
  waitlisted: RsvpRow[];
  pending: RsvpRow[];
  past: PastEntry[];
};

const byStart = (a: { event: MyEvent }, b: { event: MyEvent }) => a.event.starts_at.localeCompare(b.event.starts_at);

/**
 * Sorts a member's events into /me's tabs. Upcoming means "not over yet" (a live event is
 * still upcoming); past keeps what they hosted and what they went to, newest first. Drafts
 * never become "past": a host still has to publish or delete them.
 */
export function groupMyEvents(hosted: HostedRow[], rsvps: RsvpRow[], now: Date = new Date()): MyEventGroups {
  const over = (e: MyEvent) => new Date(e.ends_at).getTime() < now.getTime();
  const upcomingRsvps = rsvps.filter((r) => !over(r.event)).sort(byStart);
  const past: PastEntry[] = [
    ...hosted.filter((h) => over(h.event) && h.event.status !== "draft").map((h) => ({ kind: "hosted" as const, role: h.role, event: h.event })),
    ...rsvps
      .filter((r) => over(r.event) && r.status === "going")
      .map((r) => ({ kind: "attended" as const, checkedIn: r.checked_in_at !== null, event: r.event })),
  ].sort((a, b) => b.event.starts_at.localeCompare(a.event.starts_at));
  return {
    hosting: hosted.filter((h) => !over(h.event) || h.event.status === "draft").sort(byStart),
    going: upcomingRsvps.filter((r) => r.status === "going"),
    waitlisted: upcomingRsvps.filter((r) => r.status === "waitlisted"),
    pending: upcomingRsvps.filter((r) => r.status === "pending"),
    past,
  };
}
