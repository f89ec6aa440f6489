import { i18n, type Messages } from "@lingui/core";
import { setActiveLocale } from "@/lib/i18n/active-locale";
import { provideCatalogue } from "@/lib/i18n/catalogues";

// Unit tests render in English with every catalogue loaded, so no test waits for a chunk.
const english = import.meta.glob<Messages>("../locales/en/*.po", { eager: true, import: "messages" });

export function activateEnglish(): void {
  for (const [path, messages] of Object.entries(english)) {
    provideCatalogue("en", path.replace(/^.*\/(.+)\.po$/, "$1"), messages);
  }
  setActiveLocale("en");
  i18n.activate("en", ["en-US"]);
  try {
    localStorage.removeItem("gather.locale");
  } catch {
    // no storage in this environment
  }
}
