// What the check-in screen shows after an attempt, big and clear: who, and whether they are in.
import { plural, t } from "@lingui/core/macro";
import { formatEventStart, formatTime } from "@/lib/datetime";
import { errorCode, errorMessage } from "@/lib/errors";
import type { CheckInSuccess } from "./api/check-in";

export type CheckInOutcome = {
  tone: "success" | "warning" | "error";
  headline: string;
  name?: string;
  detail?: string;
  /** The paid ticket just checked in: the result offers to undo it (the list holds RSVPs only). */
  ticketId?: string;
};

type EventTimes = { id: string; starts_at: string; ends_at: string; timezone: string };

const guestsText = (n: number) => plural(n, { 0: "No guests", one: "+# guest", other: "+# guests" });

/** When check-in opens (2 hours before the start, product.md §4) or that it has closed. */
export function checkInWindowText(event: EventTimes, now: Date = new Date()): string | null {
  const opens = new Date(Date.parse(event.starts_at) - 2 * 3600_000);
  if (now < opens) {
    const when = formatEventStart(opens.toISOString(), event.timezone);
    return t`Check-in opens at ${when}.`;
  }
  if (now > new Date(event.ends_at)) return t`Check-in has closed: the event is over.`;
  return null;
}

export function successOutcome(result: CheckInSuccess, event: EventTimes): CheckInOutcome {
  const other = result.event_id !== event.id;
  const parts = [guestsText(result.guests), formatTime(result.checked_in_at, event.timezone)];
  if (other) parts.push(t`This ticket is for a different event you check in for.`);
  return {
    tone: other ? "warning" : "success",
    headline: other ? t`Checked in, to another event` : t`Checked in`,
    name: result.display_name,
    detail: parts.join(" · "),
    ...(result.ticket_id ? { ticketId: result.ticket_id } : {}),
  };
}

/** The database's refusal, in its words; the closed window says when it opens. */
export function failureOutcome(error: unknown, event: EventTimes, name?: string, now: Date = new Date()): CheckInOutcome {
  const code = errorCode(error);
  switch (code) {
    case "already_checked_in":
      return { tone: "warning", headline: errorMessage(error).replace(/\.$/, ""), name };
    case "check_in_closed":
      return { tone: "warning", headline: checkInWindowText(event, now) ?? errorMessage(error), name };
    case "invalid_ticket":
      return { tone: "error", headline: t`Not a valid ticket`, detail: errorMessage(error) };
    case "not_going":
      return { tone: "error", headline: t`Not on the guest list`, name, detail: errorMessage(error) };
    default:
      return { tone: "error", headline: t`Couldn't check in`, name, detail: errorMessage(error) };
  }
}
