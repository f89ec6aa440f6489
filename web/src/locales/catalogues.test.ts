// The catalogue check (issue 20): every locale has every message the code uses, and nothing the
// code no longer uses; every translation is valid ICU with the same placeholders and tags as the
// English. When it fails: `npm run i18n:extract`, then translate what it added (docs/app.md,
// "Translations").
import { join } from "node:path";
import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import { compileMessageOrThrow, type CompiledMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { pseudoCatalogue } from "@/lib/i18n/pseudo";
import { LOCALES, SOURCE_LOCALE } from "@/lib/i18n/locales";

const config = getConfig({ configPath: join(import.meta.dirname, "../../lingui.config.ts") });
const catalogues = await getCatalogs(config);

/** Argument names, plural/select keys and tags (<0>, </0>, <0/>) a message uses. */
function shape(tokens: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (typeof token === "string") {
      for (const [tag] of token.matchAll(/<\/?\d+\/?>/g)) into.add(`tag ${tag}`);
      continue;
    }
    const [name, type, format] = token;
    into.add(`arg ${name}${type ? `, ${type}` : ""}`);
    if (format && typeof format === "object") {
      for (const [key, branch] of Object.entries(format)) {
        if (Array.isArray(branch)) shape(branch as CompiledMessage, into);
        else if (key !== "offset") into.add(`bad branch ${key}`);
      }
    }
  }
  return into;
}

/** Plural categories are the target language's business (Polish has "few"); the rest must match. */
const comparable = (s: Set<string>) => [...s].filter((x) => !x.startsWith("bad")).sort();

describe.each(catalogues.map((c) => [c.path.split("/").pop()!, c] as const))("the %s catalogue", (_name, catalogue) => {
  // Extraction parses every source file of the feature: CPU work that takes far longer than the
  // default 5 s when the machine is busy (a CI run at load 17 timed out).
  it("matches the code, in every locale, with every message translated and valid", async () => {
    const extracted = await catalogue.collect();
    expect(extracted, "extraction failed").toBeDefined();
    const used = new Map(Object.entries(extracted!).map(([id, m]) => [id, m.message ?? id]));
    const all = await catalogue.readAll([...LOCALES]);
    const problems: string[] = [];

    for (const locale of LOCALES) {
      const messages = all[locale] ?? {};
      const file = catalogue.getFilename(locale).replace(/^.*\/src\//, "src/");
      for (const [id, message] of used) {
        const entry = messages[id];
        if (!entry || entry.obsolete) problems.push(`${file}: lacks "${message}"`);
        else if (!entry.translation?.trim()) problems.push(`${file}: no translation for "${message}"`);
      }
      for (const [id, entry] of Object.entries(messages)) {
        if (!used.has(id)) problems.push(`${file}: "${entry.message ?? id}" is no longer used by the code`);
      }
      for (const [id, entry] of Object.entries(messages)) {
        const source = used.get(id);
        if (!source || !entry.translation) continue;
        try {
          const theirs = shape(compileMessageOrThrow(entry.translation));
          const ours = shape(compileMessageOrThrow(source));
          if (JSON.stringify(comparable(theirs)) !== JSON.stringify(comparable(ours))) {
            problems.push(`${file}: "${entry.translation}" does not use the same placeholders and tags as "${source}"`);
          }
          if (locale === SOURCE_LOCALE) pseudoCatalogue({ [id]: compileMessageOrThrow(source) } as never);
        } catch (error) {
          problems.push(`${file}: "${entry.translation}" does not parse: ${(error as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
