import { afterEach, describe, expect, it } from "vitest";
import { activateEnglish } from "@/test/i18n";
import { setActiveLocale } from "./active-locale";
import { distanceUnitFor } from "@shared/regional-format";
import { formatDistance, formatList, formatNumber, formatRadius, formatRelativeTime } from "./format";

afterEach(activateEnglish);

describe("formatting in the language on screen", () => {
  it("picks km or miles by the region the format locale implies", () => {
    expect(distanceUnitFor("en")).toBe("mile");
    expect(distanceUnitFor("en-GB")).toBe("mile");
    expect(distanceUnitFor("en-AU")).toBe("kilometer");
    expect(distanceUnitFor("fr")).toBe("kilometer");
    expect(distanceUnitFor("pt-BR")).toBe("kilometer");
  });

  it("gives distances in kilometres, or in miles where roads are measured in miles", () => {
    setActiveLocale("de");
    expect(formatDistance(0.42)).toBe("400 m");
    expect(formatDistance(0.01)).toBe("100 m");
    expect(formatDistance(3.94)).toBe("3,9 km");
    expect(formatDistance(41.4)).toBe("41 km");
    expect(formatRadius(25)).toBe("25 km");
    setActiveLocale("en"); // the test browser says en-US
    expect(formatDistance(3.94)).toBe("2.4 mi");
    expect(formatDistance(41.4)).toBe("26 mi");
    expect(formatRadius(25)).toBe("16 mi");
  });

  it("formats numbers, lists and relative times as each language does", () => {
    setActiveLocale("fr");
    expect(formatNumber(12345.5)).toBe("12\u202f345,5");
    expect(formatList(["Ada", "Grace", "Alan"])).toBe("Ada, Grace et Alan");
    const now = new Date("2026-11-25T12:00:00Z");
    expect(formatRelativeTime("2026-11-25T11:55:00Z", { now })).toBe("il y a 5 minutes");
    expect(formatRelativeTime("2026-11-24T12:00:00Z", { now })).toBe("hier");
    expect(formatRelativeTime("2026-11-01T12:00:00Z", { now, upToDays: 7 })).toBeUndefined();
    setActiveLocale("pt-BR");
    expect(formatList(["Ada", "Grace", "Alan"])).toBe("Ada, Grace e Alan");
    expect(formatRelativeTime("2026-11-25T14:00:00Z", { now })).toBe("em 2 horas");
  });
});
