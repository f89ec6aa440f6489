// Numbers, lists, relative times and distances in the language on screen (Intl only). Dates and
// times of events are in lib/datetime.ts. Decision 0204.
import { t } from "@lingui/core/macro";
import { distanceUnitFor, KM_PER_MILE } from "@shared/regional-format";
import { intlLocale } from "./active-locale";
import { listFormat, numberFormat, relativeTimeFormat } from "./intl-cache";

export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(intlLocale(), options).format(n);
}

/** "Ada, Grace and Alan" / "Ada, Grace et Alan". */
export function formatList(items: readonly string[], type: Intl.ListFormatType = "conjunction"): string {
  return listFormat(intlLocale(), { style: "long", type }).format(items);
}

/** Kilometres or miles, as people where the visitor is measure roads. */
export function distanceUnit(): "kilometer" | "mile" {
  return distanceUnitFor(intlLocale());
}

/** "800 m", "3.2 km", "41 km" — or "0.5 mi", "2.0 mi", "25 mi" where roads are in miles. */
export function formatDistance(km: number): string {
  const locale = intlLocale();
  if (distanceUnit() === "mile") {
    const miles = km / KM_PER_MILE;
    return numberFormat(locale, {
      style: "unit", unit: "mile", maximumFractionDigits: miles < 10 ? 1 : 0,
    }).format(Math.max(0.1, miles));
  }
  if (km < 1) {
    const metres = Math.max(100, Math.round((km * 1000) / 100) * 100);
    return numberFormat(locale, { style: "unit", unit: "meter" }).format(metres);
  }
  return numberFormat(locale, { style: "unit", unit: "kilometer", maximumFractionDigits: km < 10 ? 1 : 0 }).format(km);
}

/** A search radius given in km, in the visitor's unit, rounded to whole units ("25 km", "16 mi"). */
export function formatRadius(km: number): string {
  const mile = distanceUnit() === "mile";
  return numberFormat(intlLocale(), { style: "unit", unit: mile ? "mile" : "kilometer", maximumFractionDigits: 0 }).format(
    mile ? Math.round(km / KM_PER_MILE) : km,
  );
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3600],
  ["minute", 60],
];

/**
 * "just now", "5 minutes ago", "yesterday", "in 2 hours", "3 months ago", in the largest unit
 * that fits; beyond `upToDays` (when given) undefined, and the caller shows a date instead.
 */
export function formatRelativeTime(iso: string, { now = new Date(), upToDays }: { now?: Date; upToDays?: number } = {}): string | undefined {
  const seconds = Math.round((Date.parse(iso) - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return t`just now`;
  if (upToDays !== undefined && Math.abs(seconds) >= upToDays * 86_400) return undefined;
  const format = relativeTimeFormat(intlLocale(), { numeric: "auto" });
  const [unit, size] = UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ["minute", 60];
  return format.format(Math.round(seconds / size), unit);
}
