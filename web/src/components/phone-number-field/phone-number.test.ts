import { describe, expect, it } from "vitest";
import { countryOf, countryOptions, defaultCountry, fromE164, toE164 } from "./phone-number";

describe("phone numbers (E.164 before sending)", () => {
  it("joins the picker's country and a national number into E.164", () => {
    expect(toE164({ country: "PT", number: "912 345 678" })).toBe("+351912345678");
    expect(toE164({ country: "DE", number: "030 1234567" })).toBe("+49301234567");
    expect(toE164({ country: "BR", number: "(11) 91234-5678" })).toBe("+5511912345678");
  });
  it("takes a number typed with + and its country code over the picker", () => {
    expect(toE164({ country: "US", number: "+351 912 345 678" })).toBe("+351912345678");
    expect(countryOf("+351 912")).toBe("PT");
    expect(countryOf("912")).toBeUndefined();
  });
  it("refuses numbers too short or too long for the country, letters and empty input", () => {
    expect(toE164({ country: "PT", number: "912 345" })).toBeNull();
    expect(toE164({ country: "PT", number: "912 345 678 9" })).toBeNull();
    expect(toE164({ country: "PT", number: "91234567a" })).toBeNull();
    expect(toE164({ country: "PT", number: "" })).toBeNull();
    expect(toE164({ country: "US", number: "+0351912345678" })).toBeNull();
  });
  it("starts the picker at the language's region and splits a stored number back", () => {
    expect(defaultCountry(["pt-BR"])).toBe("BR");
    expect(defaultCountry(["fr"])).toBe("FR");
    expect(defaultCountry(["xx-invalid-tag-", "de"])).toBe("DE");
    expect(defaultCountry([])).toBe("US");
    expect(fromE164("351912345678", "US")).toEqual({ country: "PT", number: "912 345 678" });
    expect(fromE164(undefined, "FR")).toEqual({ country: "FR", number: "" });
  });
  it("names every country in the member's language with its calling code", () => {
    const fr = countryOptions("fr");
    expect(fr.find((o) => o.code === "DE")?.label).toBe("Allemagne (+49)");
    expect(fr.length).toBeGreaterThan(200);
  });
});
