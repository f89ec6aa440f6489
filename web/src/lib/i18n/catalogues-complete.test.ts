import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import { parse, type Token } from "@messageformat/parser";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES, SOURCE_LOCALE } from "./locales";

// The catalogue check (issue 20): every message the code uses is in the English catalogue and in
// every other language, nothing the code no longer uses lingers, and every message and
// translation parses as ICU MessageFormat with the same placeholders and tags as the English.
// It extracts from the sources exactly as `npm run i18n:extract` does, so it fails the moment
// someone adds a string and forgets to extract or translate it.

// jsdom gives import.meta.url an http: scheme here; the file path comes from __dirname.
const webRoot = resolve(__dirname, "../../..");
type Messages = Record<string, { translation?: string; obsolete?: boolean }>;
type Catalogue = { name: string; used: Set<string>; byLocale: Record<string, Messages> };
let catalogues: Catalogue[] = [];

beforeAll(async () => {
  const config = getConfig({ cwd: webRoot, skipValidation: true });
  catalogues = await Promise.all(
    (await getCatalogs(config)).map(async (c) => {
      const used = new Set(Object.keys((await c.collect()) ?? {}));
      const byLocale: Record<string, Messages> = {};
      for (const locale of LOCALES) byLocale[locale] = ((await c.read(locale)) ?? {}) as Messages;
      return { name: c.path.split("/").pop()!, used, byLocale };
    }),
  );
}, 180_000);

/** The argument names and numbered tags (`<0>`, `</1>`, `<2/>`) a message uses, sorted. */
function shape(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === "content") for (const tag of t.value.match(/<\/?\d+\/?>/g) ?? []) names.add(tag);
      if (t.type === "argument" || t.type === "function") names.add(`{${t.arg}}`);
      if (t.type === "select" || t.type === "plural" || t.type === "selectordinal") {
        names.add(`{${t.arg}}`);
        for (const c of t.cases) visit(c.tokens);
      }
    }
  };
  visit(parse(message));
  return [...names].sort();
}

const live = (messages: Messages) => Object.keys(messages).filter((id) => !messages[id]!.obsolete);

describe("message catalogues", () => {
  it("hold every message the code uses, and none it no longer uses (run `npm run i18n:extract`)", () => {
    expect(catalogues.length).toBeGreaterThan(5);
    for (const c of catalogues) {
      const english = new Set(live(c.byLocale[SOURCE_LOCALE]!));
      expect([...c.used].filter((id) => !english.has(id)), `${c.name}: used but not extracted`).toEqual([]);
      expect([...english].filter((id) => !c.used.has(id)), `${c.name}: extracted but no longer used`).toEqual([]);
    }
  });

  it("are complete in every language, with no key English lacks", () => {
    for (const c of catalogues) {
      const english = live(c.byLocale[SOURCE_LOCALE]!).sort();
      for (const locale of LOCALES.filter((l) => l !== SOURCE_LOCALE)) {
        const messages = c.byLocale[locale]!;
        expect(live(messages).sort(), `${c.name} (${locale}): keys differ from English`).toEqual(english);
        const untranslated = english.filter((id) => !messages[id]?.translation?.trim());
        expect(untranslated.map((id) => c.byLocale[SOURCE_LOCALE]![id]!.translation), `${c.name} (${locale}): untranslated`).toEqual([]);
      }
    }
  });

  it("parse, and each translation keeps the English placeholders and tags", () => {
    for (const c of catalogues) {
      const english = c.byLocale[SOURCE_LOCALE]!;
      for (const id of live(english)) {
        const source = english[id]!.translation ?? "";
        const expected = shape(source);
        for (const locale of LOCALES.filter((l) => l !== SOURCE_LOCALE)) {
          const translation = c.byLocale[locale]![id]?.translation ?? "";
          let actual: string[];
          try {
            actual = shape(translation);
          } catch (err) {
            throw new Error(`${c.name} (${locale}): "${translation}" does not parse: ${(err as Error).message}`);
          }
          expect(actual, `${c.name} (${locale}): "${translation}" for "${source}"`).toEqual(expected);
        }
      }
    }
  });
});
