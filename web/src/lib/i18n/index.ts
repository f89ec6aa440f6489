// Gather's i18n: Lingui (ICU messages written in English in the code, compiled per catalogue and
// locale at build time; decision 0200). How to add a string: docs/app.md, "Translations".
import { i18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { activeLocale, browserLanguages, intlLocale, setActiveLocale } from "./active-locale";
import { loadCatalogueIn, loadWantedCatalogues } from "./catalogues";
import { storedLocale, storeLocale } from "./locale-preference";
import { isLocale, pickLocale, type AppLocale, type Locale } from "./locales";

export { i18n };
export { activeLocale, intlLocale } from "./active-locale";
export { isLocale, LOCALE_NAMES, LOCALES, PSEUDO_LOCALE, type AppLocale, type Locale } from "./locales";

/** The language being switched to, while its catalogues load; catalogues wanted meanwhile load in it. */
let switching: AppLocale | null = null;
const target = (): AppLocale => switching ?? activeLocale();

function activate(locale: AppLocale): void {
  setActiveLocale(locale);
  i18n.activate(locale, [intlLocale()]);
}

/**
 * Before the first render: picks the language (this device's choice, else the browser's, else
 * English; the profile's follows once it has loaded) and loads what the shell says in it. Call it
 * before creating the router, so the first page's catalogue starts loading in the same language.
 */
export function startI18n(): Promise<void> {
  const locale = pickLocale({ stored: storedLocale(), languages: browserLanguages() });
  setActiveLocale(locale);
  // Without its catalogue (a failed chunk) the app still runs, showing message ids.
  return loadCatalogueIn(locale, "shell").then(
    () => activate(locale),
    () => activate(locale),
  );
}

/** Loads a feature's catalogue in the current language; see `withCatalogue` for routes. */
export function loadCatalogue(catalogue: string): Promise<void> {
  return loadCatalogueIn(target(), catalogue);
}

/** A lazy route or component whose code and catalogue load together, in parallel. */
export function withCatalogue<T>(catalogue: string, load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadCatalogue(catalogue)]))[0];
}

/** Shows the app in `locale` (everything loaded so far, in place) and remembers it on this device. */
export async function switchLocale(locale: AppLocale): Promise<void> {
  storeLocale(locale);
  if (locale === target() && locale === i18n.locale) return;
  switching = locale;
  try {
    await loadWantedCatalogues(locale);
  } catch (error) {
    if (switching === locale) switching = null; // stay in the language on screen
    throw error;
  }
  // A later choice made while these loaded wins.
  if (switching === locale) {
    switching = null;
    activate(locale);
  }
}

/** The language on screen as a member's language (not the pseudo-locale), for sign-up's metadata. */
export function memberLocale(): Locale | undefined {
  const locale = activeLocale();
  return isLocale(locale) ? locale : undefined;
}

/** The language on screen; re-renders when it changes. */
export function useLocale(): AppLocale {
  return useLingui().i18n.locale as AppLocale;
}
