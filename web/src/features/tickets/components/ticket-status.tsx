import { formatTime } from "@/lib/datetime";
import { cn } from "@/lib/utils";
import type { Ticket } from "../api/get-ticket";

/** Whether the ticket gets someone in: going, to an event that still takes place. */
export function ticketIsValid(t: Pick<Ticket, "status" | "event_status">): boolean {
  return t.status === "going" && t.event_status !== "cancelled";
}

export function ticketStatusText(t: Ticket): string {
  if (t.event_status === "cancelled") return "This event was cancelled.";
  if (t.checked_in_at) return `Checked in at ${formatTime(t.checked_in_at, t.timezone)}.`;
  switch (t.status) {
    case "going":
      return "Going. Show this code at the door.";
    case "waitlisted":
      return "On the waitlist. Your ticket works once a spot opens up for you.";
    case "pending":
      return "Waiting for the hosts' approval.";
    case "declined":
      return "The hosts declined this request. This ticket isn't valid.";
    default:
      return "This RSVP was cancelled. This ticket isn't valid.";
  }
}

export function TicketStatus({ ticket }: { ticket: Ticket }) {
  const valid = ticketIsValid(ticket);
  return (
    <p
      className={cn(
        "rounded-md px-3 py-2 text-sm font-medium",
        valid ? "bg-emerald-50 text-emerald-900" : "bg-amber-50 text-amber-900",
      )}
    >
      {ticketStatusText(ticket)}
    </p>
  );
}
