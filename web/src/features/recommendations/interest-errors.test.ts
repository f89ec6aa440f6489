import { describe, expect, it } from "vitest";
import { interestErrorMessage } from "./interest-errors";
import { normalizeTopic } from "./topic";

describe("interests", () => {
  it("says the database's follow and topic codes in the member's words, others as the server said them", () => {
    expect(interestErrorMessage({ code: "too_many_follows", message: "x" })).toBe("You follow 200 things already: unfollow some first.");
    expect(interestErrorMessage({ code: "invalid_tags", message: "Add at most 10 topics." })).toBe(
      "Topics are 1 to 30 characters long, and there can be at most 10.",
    );
    expect(interestErrorMessage({ code: "something_else", message: "The server's words." })).toBe("The server's words.");
  });

  it("normalises a topic as the database does", () => {
    expect(normalizeTopic("  Board \t  GAMES ")).toBe("board games");
    expect(normalizeTopic("   ")).toBe("");
  });
});
