import { t } from "@lingui/core/macro";
import { formatTime } from "@/lib/datetime";
import { cn } from "@/lib/utils";
import type { Ticket } from "../api/get-ticket";

/** Whether the ticket gets someone in: going, to an event that still takes place. */
export function ticketIsValid(ticket: Pick<Ticket, "status" | "event_status">): boolean {
  return ticket.status === "going" && ticket.event_status !== "cancelled";
}

export function ticketStatusText(ticket: Ticket): string {
  if (ticket.event_status === "cancelled") return t`This event was cancelled.`;
  if (ticket.checked_in_at) {
    const time = formatTime(ticket.checked_in_at, ticket.timezone);
    return t`Checked in at ${time}.`;
  }
  switch (ticket.status) {
    case "going":
      return t`Going. Show this code at the door.`;
    case "waitlisted":
      return t`On the waitlist. Your ticket works once a spot opens up for you.`;
    case "pending":
      return t`Waiting for the hosts' approval.`;
    case "declined":
      return t`The hosts declined this request. This ticket isn't valid.`;
    default:
      return t`This RSVP was cancelled. This ticket isn't valid.`;
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
