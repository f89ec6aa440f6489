import { describe, expect, it } from "vitest";
import { currencyExponent, formatMoney, minorStep, minorToInput, parseMoney } from "./money";

describe("money in minor units", () => {
  it("knows each currency's decimals as Stripe counts them", () => {
    expect([currencyExponent("EUR"), currencyExponent("jpy"), currencyExponent("KWD"), currencyExponent("XYZ")]).toEqual([2, 0, 3, 2]);
    expect([minorStep("EUR"), minorStep("KWD")]).toEqual([1, 10]);
  });

  it("shows amounts in the language on screen (English in tests), whole ones trimmed on request", () => {
    expect(formatMoney(1250, "EUR")).toBe("€12.50");
    expect(formatMoney(500, "JPY")).toBe("¥500");
    expect(formatMoney(500, "EUR", { trimWhole: true })).toBe("€5");
    expect(formatMoney(1250, "KWD")).toMatch(/^KWD\s1\.250$/);
  });

  it("writes a form's amount with a dot, whatever the language", () => {
    expect([minorToInput(1250, "EUR"), minorToInput(500, "JPY"), minorToInput(1250, "KWD")]).toEqual(["12.50", "500", "1.250"]);
  });

  it("reads what organizers type, with either decimal mark and thousands grouped", () => {
    expect(parseMoney("5", "EUR")).toBe(500);
    expect(parseMoney("12.5", "EUR")).toBe(1250);
    expect(parseMoney("12,50 €", "EUR")).toBe(1250);
    expect(parseMoney("€1,200", "EUR")).toBe(120000);
    expect(parseMoney("1.200,50", "EUR")).toBe(120050);
    expect(parseMoney("1 200", "JPY")).toBe(1200);
    expect(parseMoney("1.250", "KWD")).toBe(1250);
    // Three digits after one mark group thousands in a two-decimal currency ("12.345" in German).
    expect(parseMoney("12.345", "EUR")).toBe(1234500);
  });

  it("refuses what is not an amount of that currency", () => {
    expect(parseMoney("-5", "EUR")).toBeNull();
    expect(parseMoney("12.3456", "EUR")).toBeNull();
    expect(parseMoney("12.5", "JPY")).toBeNull();
    expect(parseMoney("1.255", "KWD")).toBeNull(); // not a multiple of 10 fils
    expect(parseMoney("abc", "EUR")).toBeNull();
    expect(parseMoney("", "EUR")).toBeNull();
  });
});
