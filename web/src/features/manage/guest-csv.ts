import { msg, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@lingui/core";
import { csvText, localDateTime } from "@/lib/csv";

export { csvField, downloadCsv, localDateTime } from "@/lib/csv";

// The guest list as a CSV file, built in the browser (no server round trip; lib/csv.ts): times in
// the event's zone so the host's spreadsheet matches the venue. Headers and statuses are in the
// host's language, as on screen; the values stay sortable.

export type CsvGuest = {
  display_name: string;
  username: string;
  /** Shown to the event's hosts (event_guest_emails); the attendee is told so when they RSVP. */
  email?: string;
  status: string;
  guests: number;
  checked_in_at: string | null;
  created_at: string;
  /** Answers to the registration questions, by column key (guest-answers.ts). */
  answers?: Record<string, string | number>;
};

/** Someone let in at the door without an RSVP (decision 0323): a row of their own, in at once. */
export type CsvWalkIn = { name: string; email: string | null; created_at: string };

/** A column of answers: its key in `answers` and its header. */
export type CsvAnswerColumn = { key: string; label: string };

const STATUS: Record<string, MessageDescriptor> = {
  going: msg({ message: "Going", comment: "An RSVP's status in the guest list CSV" }),
  waitlisted: msg({ message: "Waitlisted", comment: "An RSVP's status in the guest list CSV" }),
  pending: msg({ message: "Awaiting approval", comment: "An RSVP's status in the guest list CSV" }),
  declined: msg({ message: "Declined", comment: "An RSVP's status in the guest list CSV" }),
  cancelled: msg({ message: "Cancelled", comment: "An RSVP's status in the guest list CSV" }),
};

/**
 * One row per RSVP, then one per walk-in (status "Walk-in", checked in when added, no RSVP time);
 * after the fixed columns, one column per registration question.
 */
export function guestListCsv(guests: CsvGuest[], timeZone: string, questions: CsvAnswerColumn[] = [], walkIns: CsvWalkIn[] = []): string {
  const header = [
    t({ message: "Name", comment: "A guest list CSV column" }),
    t({ message: "Username", comment: "A guest list CSV column" }),
    t({ message: "Email", comment: "A guest list CSV column: the attendee's email address" }),
    t({ message: "Status", comment: "A guest list CSV column" }),
    t({ message: "Guests", comment: "A guest list CSV column: how many guests the person brings" }),
    t({ message: `Checked in (${timeZone})`, comment: "A guest list CSV column; the time zone in brackets" }),
    t({ message: `RSVP'd at (${timeZone})`, comment: "A guest list CSV column; the time zone in brackets" }),
    ...questions.map((q) => q.label),
  ];
  const rows = guests.map((g) => [
    g.display_name,
    g.username,
    g.email ?? "",
    STATUS[g.status] ? i18n._(STATUS[g.status]!) : g.status,
    g.guests,
    g.checked_in_at ? localDateTime(g.checked_in_at, timeZone) : "",
    localDateTime(g.created_at, timeZone),
    ...questions.map((q) => g.answers?.[q.key] ?? ""),
  ]);
  const walkInStatus = t({ message: "Walk-in", comment: "A guest list CSV status: let in at the door without an RSVP" });
  const walkInRows = walkIns.map((w) => [
    w.name, "", w.email ?? "", walkInStatus, 0, localDateTime(w.created_at, timeZone), "", ...questions.map(() => ""),
  ]);
  return csvText([header, ...rows, ...walkInRows]);
}

/** "guests-board-game-friday-2026-11-25.csv" */
export function csvFileName(slug: string, now: Date = new Date()): string {
  return `guests-${slug}-${now.toISOString().slice(0, 10)}.csv`;
}
