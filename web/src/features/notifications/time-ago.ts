import { t } from "@lingui/core/macro";
import { intlLocale } from "@/lib/i18n";

/** "just now", "5 minutes ago", "yesterday", "3 days ago", then the date, in the active language. */
export function timeAgo(iso: string, now: Date = new Date(), locale: string = intlLocale()): string {
  const seconds = Math.round((Date.parse(iso) - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return t`just now`;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return format.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return format.format(hours, "hour");
  const days = Math.round(hours / 24);
  if (Math.abs(days) < 7) return format.format(days, "day");
  return new Intl.DateTimeFormat(locale, { month: "short", day: "numeric" }).format(new Date(iso));
}
