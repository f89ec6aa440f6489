import { describe, expect, it } from "vitest";
import { draftOf, draftProblems, KINDS, moved, newDraft, optionList, questionRow } from "./question-rules";

describe("question manager rules", () => {
  it("offers exactly the database's kinds", () => {
    expect(KINDS.map((k) => k.kind)).toEqual(["short_text", "long_text", "single_choice", "multiple_choice", "checkbox", "number", "phone"]);
  });

  it("reads options one per line, trimmed, blank lines dropped", () => {
    expect(optionList(" S \n\nM\n  L\n")).toEqual(["S", "M", "L"]);
  });

  it("checks a question as the database does, in its words", () => {
    expect(draftProblems({ ...newDraft(), label: "  " }).label).toBe("A question must be 1 to 200 characters long.");
    expect(draftProblems({ ...newDraft(), label: "x".repeat(201) }).label).toBeDefined();
    expect(draftProblems({ ...newDraft(), label: "Size", kind: "single_choice", optionsText: "S" }).options).toBe(
      "A choice question needs 2 to 20 different options of at most 100 characters.",
    );
    expect(draftProblems({ ...newDraft(), label: "Size", kind: "multiple_choice", optionsText: "S\nS" }).options).toBeDefined();
    expect(draftProblems({ ...newDraft(), label: "Size", kind: "single_choice", optionsText: "S\nM" })).toEqual({});
    // Options typed for a choice kind are ignored once the kind is not a choice.
    expect(draftProblems({ ...newDraft(), label: "Phone", kind: "phone", optionsText: "S" })).toEqual({});
  });

  it("writes options only for choice kinds", () => {
    expect(questionRow({ kind: "phone", label: " Phone ", required: true, optionsText: "a\nb" })).toEqual({ kind: "phone", label: "Phone", required: true, options: null, asked_per: "order" });
    expect(questionRow({ kind: "single_choice", label: "Size", required: false, optionsText: "S\nM\n" }).options).toEqual(["S", "M"]);
    expect(draftOf({ id: "1", position: 1, kind: "single_choice", label: "Size", required: true, options: ["S", "M"] }).optionsText).toBe("S\nM");
    // Events that sell tickets ask a question once per order (the default) or for each ticket.
    expect(questionRow({ ...newDraft(), label: "T-shirt size", askedPer: "ticket" }).asked_per).toBe("ticket");
    expect(draftOf({ id: "1", position: 1, kind: "short_text", label: "Diet", required: false, options: null, asked_per: "ticket" }).askedPer).toBe("ticket");
  });

  it("moves a question up or down, never off the list", () => {
    expect(moved(["a", "b", "c"], "b", -1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], "b", 1)).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
  });
});
