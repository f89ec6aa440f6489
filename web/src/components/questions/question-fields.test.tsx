import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { render } from "@/test/render";
import { startingDraft, type EventQuestion } from "./answer-form";
import { QuestionFields } from "./question-fields";

const kinds: EventQuestion[] = [
  { id: "a", position: 1, kind: "short_text", label: "Company", required: false, options: null },
  { id: "b", position: 2, kind: "long_text", label: "Allergies", required: false, options: null },
  { id: "c", position: 3, kind: "single_choice", label: "Size", required: true, options: ["S", "M"] },
  { id: "d", position: 4, kind: "multiple_choice", label: "Diet", required: false, options: ["Vegan", "Halal"] },
  { id: "e", position: 5, kind: "checkbox", label: "I accept the house rules", required: true, options: null },
  { id: "f", position: 6, kind: "number", label: "Age", required: false, options: null },
  { id: "g", position: 7, kind: "phone", label: "Phone", required: false, options: null },
];

describe("question fields", () => {
  it("gives each kind its control, named by the question and whether it is required", () => {
    const onChange = vi.fn();
    render(<QuestionFields questions={kinds} draft={startingDraft(kinds)} problems={{}} onChange={onChange} />);
    expect(screen.getByLabelText("Company (optional)").tagName).toBe("INPUT");
    expect(screen.getByLabelText("Allergies (optional)").tagName).toBe("TEXTAREA");
    expect(screen.getByRole("radiogroup", { name: "Size (required)" })).toBeDefined();
    expect(screen.getAllByRole("radio").map((r) => (r as HTMLInputElement).value)).toEqual(["S", "M"]);
    expect(screen.getByRole("group", { name: "Diet (optional)" })).toBeDefined();
    expect((screen.getByLabelText("I accept the house rules (required)") as HTMLInputElement).type).toBe("checkbox");
    expect(screen.getByLabelText("Age (optional)").getAttribute("inputmode")).toBe("decimal");
    expect((screen.getByLabelText("Phone (optional)") as HTMLInputElement).type).toBe("tel");

    fireEvent.click(screen.getByLabelText("Halal"));
    expect(onChange).toHaveBeenLastCalledWith("d", ["Halal"]);
    fireEvent.click(screen.getByLabelText("M"));
    expect(onChange).toHaveBeenLastCalledWith("c", "M");
    fireEvent.click(screen.getByLabelText("I accept the house rules (required)"));
    expect(onChange).toHaveBeenLastCalledWith("e", true);
  });

  it("links a problem to its field", () => {
    render(<QuestionFields questions={kinds.slice(5)} draft={startingDraft(kinds.slice(5))} problems={{ f: 'Enter a number for "Age".' }} onChange={() => {}} />);
    const age = screen.getByLabelText("Age (optional)");
    expect(age.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(age.getAttribute("aria-describedby")!)?.textContent).toBe('Enter a number for "Age".');
  });
});
