// The languages Gather speaks, and how a visitor's is chosen. Pure (no Lingui, no DOM), so the
// Lingui config, the tests and the app share it. Decisions 0200–0202.
// Relative, not @shared: lingui.config.ts loads this file without Vite's aliases.
import { regionalTag } from "../../../../supabase/functions/_shared/regional-format";

export const SOURCE_LOCALE = "en";

/** Every catalogue is complete in each of these (the catalogue check in `npm test` says so). */
export const LOCALES = ["en", "fr", "de", "es", "pt-BR"] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The pseudo-locale for tests: English accented and lengthened, laid out right to left. Android's
 * pseudo-bidi tag: a valid BCP 47 tag (so Intl, plural rules and axe accept it) that formats
 * dates and numbers as Arabic does. Never offered in the language switcher.
 */
export const PSEUDO_LOCALE = "ar-XB";
export type AppLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language in its own words, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  fr: "Français",
  de: "Deutsch",
  es: "Español",
  "pt-BR": "Português (Brasil)",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function isAppLocale(value: unknown): value is AppLocale {
  return value === PSEUDO_LOCALE || isLocale(value);
}

/** The supported locale for a BCP 47 tag from the browser: "fr-CA" → fr, "pt-PT" → pt-BR. */
export function matchLocale(tag: string): Locale | undefined {
  const lower = tag.toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split(/[-_]/)[0];
  return LOCALES.find((l) => l.toLowerCase().split("-")[0] === language);
}

/**
 * The locale to show: the member's profile, then a choice made on this device (the footer's
 * switcher, or the profile's last known value), then the browser's languages (what it sends as
 * Accept-Language), then English.
 */
export function pickLocale(sources: { profile?: string | null; stored?: string | null; languages?: readonly string[] }): AppLocale {
  if (isLocale(sources.profile)) return sources.profile;
  if (isAppLocale(sources.stored)) return sources.stored;
  for (const tag of sources.languages ?? []) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return SOURCE_LOCALE;
}

export function textDirection(locale: AppLocale): "ltr" | "rtl" {
  return locale === PSEUDO_LOCALE ? "rtl" : "ltr";
}

/**
 * The tag Intl formats with: the browser's own variant of the active language when it has one
 * ("en-GB" dates for a British visitor reading English), else the locale itself.
 */
export function formatLocaleFor(locale: AppLocale, languages: readonly string[] = []): string {
  return locale === PSEUDO_LOCALE ? locale : regionalTag(locale, languages);
}
