import { intlLocale } from "@/lib/i18n";
import { formatRelativeTime } from "@/lib/i18n/format";

/** "just now", "5 minutes ago", "yesterday" — when a comment was written, for a glance. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  return formatRelativeTime(iso, { now }) ?? "";
}

/** The full date and time, for the tooltip and for screen readers. */
export function fullTime(iso: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
