import { formatLocaleFor, SOURCE_LOCALE, textDirection, type AppLocale } from "./locales";

// The language on screen, readable without Lingui (date and number helpers, the router's
// loaders). Set only by lib/i18n when a language is activated.
let active: AppLocale = SOURCE_LOCALE;
let intl: string = SOURCE_LOCALE;

function browserLanguages(): readonly string[] {
  return typeof navigator === "undefined" ? [] : navigator.languages ?? [navigator.language];
}

export function activeLocale(): AppLocale {
  return active;
}

/** The tag to give Intl: the active language in the visitor's regional variant ("en-GB"). */
export function intlLocale(): string {
  return intl;
}

/** Records the language and puts it on <html lang dir>, which screen readers and CSS follow. */
export function setActiveLocale(locale: AppLocale): void {
  active = locale;
  intl = formatLocaleFor(locale, browserLanguages());
  if (typeof document !== "undefined") {
    document.documentElement.lang = locale;
    document.documentElement.dir = textDirection(locale);
  }
}

export { browserLanguages };
