import { describe, expect, it } from "vitest";
import { answerProblem, answerProblems, answersPayload, answerText, startingDraft, type EventQuestion } from "./answer-form";

const q = (kind: EventQuestion["kind"], required = false, options: string[] | null = null): EventQuestion => ({
  id: `q-${kind}`, position: 1, kind, label: `The ${kind}`, required, options,
});
const size = q("single_choice", true, ["S", "M", "L"]);
const diet = q("multiple_choice", false, ["Vegan", "No nuts", "Halal"]);
const terms = q("checkbox", true);

describe("registration answers", () => {
  it("starts empty, or from the stored answers", () => {
    expect(startingDraft([size, diet, terms, q("number")])).toEqual({ "q-single_choice": "", "q-multiple_choice": [], "q-checkbox": false, "q-number": "" });
    expect(startingDraft([size, diet, q("number")], { "q-single_choice": "M", "q-multiple_choice": ["Halal"], "q-number": 3.5 })).toEqual({
      "q-single_choice": "M", "q-multiple_choice": ["Halal"], "q-number": "3.5",
    });
  });

  it("asks for required answers in the database's words", () => {
    expect(answerProblem(size, "")).toBe('Answer "The single_choice".');
    expect(answerProblem(terms, false)).toBe('Answer "The checkbox".');
    expect(answerProblem(q("short_text", true), "   ")).toBe('Answer "The short_text".');
    expect(answerProblem(diet, [])).toBeNull();
  });

  it("checks numbers, phones, lengths and choices as the database does", () => {
    expect(answerProblem(q("number"), "12,5")).toBeNull();
    expect(answerProblem(q("number"), "-3")).toBeNull();
    expect(answerProblem(q("number"), "twelve")).toBe('Enter a number for "The number".');
    expect(answerProblem(q("number"), "1.2.3")).toBe('Enter a number for "The number".');
    expect(answerProblem(q("phone"), "+33 (0)6 12-34.56")).toBeNull();
    expect(answerProblem(q("phone"), "12345")).toBe('Enter a phone number for "The phone", with 6 to 15 digits.');
    expect(answerProblem(q("phone"), "call me 0612345678")).not.toBeNull();
    expect(answerProblem(q("short_text"), "x".repeat(201))).toBe('The answer to "The short_text" can be at most 200 characters long.');
    expect(answerProblem(q("long_text"), "x".repeat(2000))).toBeNull();
    expect(answerProblem(size, "XL")).toBe('Choose from the options offered for "The single_choice".');
    expect(answerProblem(diet, ["Vegan", "Keto"])).toBe('Choose from the options offered for "The multiple_choice".');
  });

  it("lists every problem by question", () => {
    expect(Object.keys(answerProblems([size, diet, terms], { "q-single_choice": "", "q-multiple_choice": [], "q-checkbox": false }))).toEqual([
      "q-single_choice", "q-checkbox",
    ]);
  });

  it("sends non-empty answers only, trimmed, choices in the question's order", () => {
    const notes = q("long_text");
    const draft = { "q-single_choice": "L", "q-multiple_choice": ["Halal", "Vegan"], "q-checkbox": true, "q-long_text": "  hi  ", "q-number": " " };
    expect(answersPayload([size, diet, terms, notes, q("number")], draft)).toEqual({
      "q-single_choice": "L", "q-multiple_choice": ["Vegan", "Halal"], "q-checkbox": true, "q-long_text": "hi",
    });
  });

  it("says a stored answer as text", () => {
    expect(answerText(["Vegan", "Halal"], "Yes")).toBe("Vegan, Halal");
    expect(answerText(true, "Yes")).toBe("Yes");
    expect(answerText(42, "Yes")).toBe("42");
    expect(answerText(undefined, "Yes")).toBe("");
  });
});
