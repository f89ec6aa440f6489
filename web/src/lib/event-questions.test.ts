import { describe, expect, it } from "vitest";
import { endsInPunctuation } from "./event-questions";

describe("endsInPunctuation", () => {
  it("is true for a question or a label that already ends in a stop, in any script", () => {
    for (const label of ["Which pace group?", "Allergies:", "Anything else!", "Quel groupe ?", "¿Qué talla?", "Wie heißt du？ ", "Notes…"]) {
      expect(endsInPunctuation(label), label).toBe(true);
    }
  });
  it("is false for a plain label, which gets a colon before its answer", () => {
    for (const label of ["T-shirt size", "Dietary needs", "Company (optional)"]) expect(endsInPunctuation(label), label).toBe(false);
  });
});
