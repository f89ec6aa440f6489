import { msg, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@lingui/core";

// The guest list as a CSV file, built in the browser (no server round trip): RFC 4180 quoting,
// CRLF line ends, and times in the event's zone so the host's spreadsheet matches the venue.
// Headers and statuses are in the host's language, as on screen; the values stay sortable.

export type CsvGuest = {
  display_name: string;
  username: string;
  status: string;
  guests: number;
  checked_in_at: string | null;
  created_at: string;
  /** Answers to the registration questions, by column key (guest-answers.ts). */
  answers?: Record<string, string | number>;
};

/** A column of answers: its key in `answers` and its header. */
export type CsvAnswerColumn = { key: string; label: string };

/**
 * One CSV field. Quoted when it holds a comma, quote, line break or outer spaces; a leading
 * =, +, - or @ is defused with an apostrophe so a spreadsheet never runs a name as a formula.
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** "2026-11-25 18:05" in `timeZone` (sortable, and what a spreadsheet reads as a date). */
export function localDateTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const STATUS: Record<string, MessageDescriptor> = {
  going: msg({ message: "Going", comment: "An RSVP's status in the guest list CSV" }),
  waitlisted: msg({ message: "Waitlisted", comment: "An RSVP's status in the guest list CSV" }),
  pending: msg({ message: "Awaiting approval", comment: "An RSVP's status in the guest list CSV" }),
  declined: msg({ message: "Declined", comment: "An RSVP's status in the guest list CSV" }),
  cancelled: msg({ message: "Cancelled", comment: "An RSVP's status in the guest list CSV" }),
};

/** One row per RSVP; after the fixed columns, one column per registration question. */
export function guestListCsv(guests: CsvGuest[], timeZone: string, questions: CsvAnswerColumn[] = []): string {
  const header = [
    t({ message: "Name", comment: "A guest list CSV column" }),
    t({ message: "Username", comment: "A guest list CSV column" }),
    t({ message: "Status", comment: "A guest list CSV column" }),
    t({ message: "Guests", comment: "A guest list CSV column: how many guests the person brings" }),
    t({ message: `Checked in (${timeZone})`, comment: "A guest list CSV column; the time zone in brackets" }),
    t({ message: `RSVP'd at (${timeZone})`, comment: "A guest list CSV column; the time zone in brackets" }),
    ...questions.map((q) => q.label),
  ];
  const rows = guests.map((g) => [
    g.display_name,
    g.username,
    STATUS[g.status] ? i18n._(STATUS[g.status]!) : g.status,
    g.guests,
    g.checked_in_at ? localDateTime(g.checked_in_at, timeZone) : "",
    localDateTime(g.created_at, timeZone),
    ...questions.map((q) => g.answers?.[q.key] ?? ""),
  ]);
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** "guests-board-game-friday-2026-11-25.csv" */
export function csvFileName(slug: string, now: Date = new Date()): string {
  return `guests-${slug}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Saves the CSV through a temporary link. The BOM makes Excel read the names as UTF-8. */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; let them.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
