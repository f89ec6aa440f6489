import { describe, expect, it } from "vitest";
import { normalisePhone } from "./phone-sign-in-form";

describe("normalisePhone", () => {
  it("keeps international numbers, without spaces, dots, dashes or brackets", () => {
    expect(normalisePhone("+351 912 345 678")).toBe("+351912345678");
    expect(normalisePhone("+1 (415) 555-0100")).toBe("+14155550100");
    expect(normalisePhone(" +49.30.1234567 ")).toBe("+49301234567");
  });
  it("refuses numbers without a country code, too short or too long", () => {
    expect(normalisePhone("912 345 678")).toBeNull();
    expect(normalisePhone("+351 912")).toBeNull();
    expect(normalisePhone("+0351912345678")).toBeNull();
    expect(normalisePhone("+1234567890123456")).toBeNull();
    expect(normalisePhone("+351 912 345 67a")).toBeNull();
  });
});
