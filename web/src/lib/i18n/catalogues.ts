import { i18n, type Messages } from "@lingui/core";
import { PSEUDO_LOCALE, SOURCE_LOCALE, type AppLocale } from "./locales";

// One chunk per catalogue and locale (src/locales/<locale>/<catalogue>.po, compiled by the Lingui
// Vite plugin), so a page costs only its own strings in the visitor's language. "shell" is what
// the header and footer say; the rest are features, loaded with their routes (decision 0201).
// A build puts them at assets/i18n/<locale>/<catalogue>.<build id>.js (build/lingui-plugins.ts);
// the dev server and the tests import the .po files.
type Catalogue = { messages: Messages };
const sources = import.meta.env.DEV
  ? import.meta.glob<Catalogue>("./*/*.po", { base: "../../locales" })
  : undefined;

function loaderFor(locale: string, catalogue: string): (() => Promise<Catalogue>) | undefined {
  if (sources) return sources[`./${locale}/${catalogue}.po`];
  const url = `${import.meta.env.BASE_URL}assets/i18n/${locale}/${catalogue}.${import.meta.env.VITE_BUILD_ID}.js`;
  return () => import(/* @vite-ignore */ url);
}

/** The catalogues wanted so far: a change of language loads them all again in the new one. */
const wanted = new Set<string>(["shell"]);
const done = new Map<string, Promise<void>>();

async function fetchMessages(locale: AppLocale, catalogue: string): Promise<Messages> {
  const source = locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale;
  const load = loaderFor(source, catalogue);
  if (!load) throw new Error(`No "${catalogue}" catalogue for ${source}`);
  const { messages } = await load();
  if (locale !== PSEUDO_LOCALE) return messages;
  const { pseudoCatalogue } = await import("./pseudo");
  return pseudoCatalogue(messages);
}

/** Loads one catalogue of `locale` into Lingui (once); components re-render when it lands. */
export function loadCatalogueIn(locale: AppLocale, catalogue: string): Promise<void> {
  wanted.add(catalogue);
  const key = `${locale}/${catalogue}`;
  let pending = done.get(key);
  if (!pending) {
    pending = fetchMessages(locale, catalogue).then((messages) => i18n.load(locale, messages));
    // A failed chunk (offline) may be tried again by the next navigation.
    pending.catch(() => done.delete(key));
    done.set(key, pending);
  }
  return pending;
}

/** Messages already at hand (the unit tests load every English catalogue up front). */
export function provideCatalogue(locale: AppLocale, catalogue: string, messages: Messages): void {
  i18n.load(locale, messages);
  done.set(`${locale}/${catalogue}`, Promise.resolve());
}

/** Every catalogue wanted so far, in `locale` (before switching to it). */
export function loadWantedCatalogues(locale: AppLocale): Promise<void> {
  return Promise.all([...wanted].map((c) => loadCatalogueIn(locale, c))).then(() => undefined);
}
