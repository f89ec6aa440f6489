import { describe, expect, it } from "vitest";
import { formatLocaleFor, matchLocale, pickLocale, PSEUDO_LOCALE, textDirection } from "./locales";
import { pseudoCatalogue, pseudoText } from "./pseudo";

describe("choosing the language", () => {
  it("takes the profile's, then this device's choice, then the browser's languages, then English", () => {
    expect(pickLocale({ profile: "de", stored: "fr", languages: ["es-ES"] })).toBe("de");
    expect(pickLocale({ profile: null, stored: "fr", languages: ["es-ES"] })).toBe("fr");
    expect(pickLocale({ stored: "xx", languages: ["ja", "es-MX", "fr"] })).toBe("es");
    expect(pickLocale({ languages: ["ja", "ko"] })).toBe("en");
    expect(pickLocale({})).toBe("en");
    // The test locale is only ever a device's explicit choice, never a profile's.
    expect(pickLocale({ profile: PSEUDO_LOCALE, stored: PSEUDO_LOCALE })).toBe(PSEUDO_LOCALE);
    expect(pickLocale({ profile: PSEUDO_LOCALE, stored: null })).toBe("en");
  });

  it("matches a browser's tags to the languages Gather speaks", () => {
    expect(matchLocale("fr-CA")).toBe("fr");
    expect(matchLocale("pt-PT")).toBe("pt-BR");
    expect(matchLocale("pt_br")).toBe("pt-BR");
    expect(matchLocale("de")).toBe("de");
    expect(matchLocale("nl-NL")).toBeUndefined();
  });

  it("formats in the browser's regional variant of the language shown", () => {
    expect(formatLocaleFor("en", ["en-GB", "fr"])).toBe("en-GB");
    expect(formatLocaleFor("fr", ["en-US", "fr-CA"])).toBe("fr-CA");
    expect(formatLocaleFor("de", ["en-US"])).toBe("de");
    expect(formatLocaleFor(PSEUDO_LOCALE, ["en-US"])).toBe(PSEUDO_LOCALE);
  });

  it("lays out only the pseudo-locale right to left", () => {
    expect(textDirection(PSEUDO_LOCALE)).toBe("rtl");
    expect(textDirection("de")).toBe("ltr");
  });
});

describe("the pseudo-locale", () => {
  it("accents and lengthens text but keeps tags", () => {
    expect(pseudoText("Sign in")).toBe("Šîîĝñ îîñ");
    expect(pseudoText("Read <0>this</0>.")).toBe("Ŕééååđ <0>ţĥîîš</0>.");
  });

  it("brackets each message and leaves placeholders and plural syntax alone", () => {
    const out = pseudoCatalogue({
      a: ["Hello ", ["name"]],
      b: [["n", "plural", { offset: undefined, one: ["#", " event"], other: ["#", " events"] }]],
    });
    expect(out.a).toEqual(["⟦", "Ĥééļļöö ", ["name"], "⟧"]);
    expect(out.b).toEqual(["⟦", ["n", "plural", { offset: undefined, one: ["#", " ééṽééñţ"], other: ["#", " ééṽééñţš"] }], "⟧"]);
  });
});
