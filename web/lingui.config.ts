import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { catalogueFiles } from "./i18n/catalogue-files";
import { LOCALES, SOURCE_LOCALE } from "./src/lib/i18n/locales";

// Messages are written in English in the code (Lingui macros) and extracted into one .po file per
// catalogue and locale: src/locales/<locale>/<catalogue>.po (`npm run i18n:extract`).
export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALES],
  // Origins without line numbers: translators see where a message is used, and moving code does
  // not rewrite every catalogue.
  format: formatter({ lineNumbers: false }),
  orderBy: "message",
  catalogs: catalogueFiles(import.meta.dirname).map(({ name, files }) => ({
    path: `<rootDir>/src/locales/{locale}/${name}`,
    include: files.map((f) => `<rootDir>/${f}`),
  })),
});
