import { describe, expect, it } from "vitest";
import { answerTable, answerText } from "./guest-answers";
import { guestListCsv } from "./guest-csv";

const questions = [
  { id: "q2", position: 2, label: "Diet" },
  { id: "q1", position: 1, label: "T-shirt size" },
];
const answers = [
  { user_id: "u1", question_id: "q1", position: 1, label: "T-shirt size", value: "M" },
  { user_id: "u1", question_id: "q2", position: 2, label: "Diet", value: ["Vegan", "Halal"] },
  { user_id: "u2", question_id: null, position: 3, label: "Bringing a board game?", value: true },
  { user_id: "u2", question_id: "q1", position: 1, label: "T-shirt size", value: "L" },
];

describe("answers in the guest list", () => {
  it("has a column per current question in order, then removed questions by their old words", () => {
    const table = answerTable(questions, answers);
    expect(table.columns).toEqual([
      { key: "q1", label: "T-shirt size", removed: false },
      { key: "q2", label: "Diet", removed: false },
      { key: "removed:Bringing a board game?", label: "Bringing a board game?", removed: true },
    ]);
    expect(table.byUser.get("u2")).toEqual({ q1: "L", "removed:Bringing a board game?": true });
  });

  it("says each answer as text", () => {
    expect(answerText(["Vegan", "Halal"], "Yes")).toBe("Vegan, Halal");
    expect(answerText(true, "Yes")).toBe("Yes");
    expect(answerText(12.5, "Yes")).toBe(12.5);
    expect(answerText(undefined, "Yes")).toBe("");
  });

  it("adds one CSV column per question, empty where a guest did not answer", () => {
    const guest = { username: "ada", status: "going", guests: 0, checked_in_at: null, created_at: "2026-11-01T09:30:00Z" };
    const csv = guestListCsv(
      [
        { ...guest, display_name: "Ada", answers: { q1: "M", q2: "Vegan, Halal" } },
        { ...guest, display_name: "Bob", answers: { q2: "+33 6 12" } },
      ],
      "UTC",
      [{ key: "q1", label: "T-shirt size" }, { key: "q2", label: "Diet" }],
    );
    expect(csv.split("\r\n")).toEqual([
      "Name,Username,Email,Status,Guests,Checked in (UTC),RSVP'd at (UTC),T-shirt size,Diet",
      'Ada,ada,,Going,0,,2026-11-01 09:30,M,"Vegan, Halal"',
      "Bob,ada,,Going,0,,2026-11-01 09:30,,'+33 6 12",
      "",
    ]);
  });
});
