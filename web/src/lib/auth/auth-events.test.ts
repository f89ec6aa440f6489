import { describe, expect, it } from "vitest";
import { reactionsTo } from "./auth-events";
import { safeNext, signInPathFor } from "./safe-next";

describe("session events", () => {
  it("toasts on sign-in once, not again when the tab regains focus", () => {
    expect(reactionsTo("SIGNED_IN", false)).toEqual([{ kind: "toast", message: "Signed in" }]);
    expect(reactionsTo("SIGNED_IN", true)).toEqual([]);
  });

  it("says nothing when the session announced is the one the page restored on load (issue 32)", () => {
    expect(reactionsTo("SIGNED_IN", false, true, true)).toEqual([]);
    expect(reactionsTo("INITIAL_SESSION", false, true, true)).toEqual([]);
    expect(reactionsTo("SIGNED_IN", false, true, false)).toEqual([{ kind: "toast", message: "Signed in" }]);
  });

  it("says nothing while the second factor is owed, and \"Signed in\" once it is given (decision 0264)", () => {
    expect(reactionsTo("SIGNED_IN", false, false)).toEqual([]);
    expect(reactionsTo("MFA_CHALLENGE_VERIFIED", false, true)).toEqual([{ kind: "toast", message: "Signed in" }]);
    // A factor verified in Settings while signed in is no new sign-in.
    expect(reactionsTo("MFA_CHALLENGE_VERIFIED", true, true)).toEqual([]);
    // Leaving the second step ("Use another account") was no sign-in either: no "Signed out".
    expect(reactionsTo("SIGNED_OUT", false)).toEqual([{ kind: "clear-cache" }]);
  });

  it("toasts and clears the cache on sign-out", () => {
    expect(reactionsTo("SIGNED_OUT", true)).toEqual([
      { kind: "toast", message: "Signed out" },
      { kind: "clear-cache" },
    ]);
  });

  it("opens the reset screen on recovery and refreshes the profile on update", () => {
    expect(reactionsTo("PASSWORD_RECOVERY", true)).toEqual([{ kind: "navigate", to: "/auth/reset-password" }]);
    expect(reactionsTo("USER_UPDATED", true)).toEqual([{ kind: "refresh-profile" }]);
    expect(reactionsTo("TOKEN_REFRESHED", true)).toEqual([]);
    expect(reactionsTo("INITIAL_SESSION", false)).toEqual([]);
  });
});

describe("coming back after sign-in", () => {
  it("accepts only paths on this site", () => {
    expect(safeNext("/events/x?tab=1")).toBe("/events/x?tab=1");
    expect(safeNext("//evil.example")).toBe("/");
    expect(safeNext("https://evil.example")).toBe("/");
    expect(safeNext(null)).toBe("/");
  });

  it("builds the sign-in link with the way back", () => {
    expect(signInPathFor("/events/new")).toBe("/auth/sign-in?next=%2Fevents%2Fnew");
    expect(signInPathFor("/")).toBe("/auth/sign-in");
  });
});
