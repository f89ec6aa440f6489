// CSV files built in the browser (decision 0082: no server round trip): RFC 4180 quoting, CRLF
// line ends, formulas defused, times in the event's zone; saved through a temporary link. The
// guest list (manage) and the orders (sales) export with these.

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

/** Rows of fields as a CSV file's text. */
export function csvText(rows: (string | number | null | undefined)[][]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
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
