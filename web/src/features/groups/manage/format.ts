import { i18n } from "@lingui/core";

/** "24 Nov 2026" in the language on screen (decision 0204). */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(i18n.locale, { day: "numeric", month: "short", year: "numeric" }).format(new Date(iso));
}
