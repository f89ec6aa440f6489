import type { Ticket } from "./get-ticket";

// The member's upcoming tickets, kept on the device so the QR opens at the door without a
// signal (the service worker keeps the app shell; this keeps the data). One key per member,
// read only for the member signed in, and removed on sign-out with the other caches
// (lib/query-client.ts clears every key under this prefix).
export const SAVED_TICKETS_PREFIX = "gather.tickets.";

/** At most this many: the next few events are what anyone needs at a door. */
const MAX_SAVED = 20;

type Saved = { ticket: Ticket; savedAt: string };

function read(userId: string): Record<string, Saved> {
  try {
    return JSON.parse(localStorage.getItem(SAVED_TICKETS_PREFIX + userId) ?? "{}") as Record<string, Saved>;
  } catch {
    return {};
  }
}

/** Keeps a ticket that is still ahead (until its event ends); past ones are dropped. */
export function saveTicket(ticket: Ticket, now = new Date()): void {
  const all = read(ticket.user_id);
  all[ticket.rsvp_id] = { ticket, savedAt: now.toISOString() };
  const upcoming = Object.entries(all)
    .filter(([, s]) => new Date(s.ticket.ends_at) > now)
    .sort(([, a], [, b]) => a.ticket.starts_at.localeCompare(b.ticket.starts_at))
    .slice(0, MAX_SAVED);
  try {
    localStorage.setItem(SAVED_TICKETS_PREFIX + ticket.user_id, JSON.stringify(Object.fromEntries(upcoming)));
  } catch {
    // Storage full or blocked: the ticket still works online.
  }
}

/** The saved copy of a ticket of this member, with when it was saved. */
export function savedTicket(userId: string, rsvpId: string): Saved | null {
  return read(userId)[rsvpId] ?? null;
}

/** Whether an error means the network could not be reached (not an answer from the server). */
export function isNetworkFailure(error: { message?: string } | null | undefined): boolean {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return true;
  return /failed to fetch|networkerror|load failed|fetch failed|network request failed/i.test(error?.message ?? "");
}
