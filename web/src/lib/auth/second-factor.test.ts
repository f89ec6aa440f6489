import { describe, expect, it } from "vitest";
import { needsSecondFactor } from "./second-factor";

function token(claims: object): string {
  const b64url = (s: string) => btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify(claims))}.sig`;
}

describe("needsSecondFactor", () => {
  it("asks for the code when the account has a verified factor and the session is aal1", () => {
    const user = { factors: [{ status: "verified" }] };
    expect(needsSecondFactor({ access_token: token({ aal: "aal1" }), user })).toBe(true);
    expect(needsSecondFactor({ access_token: token({ aal: "aal2" }), user })).toBe(false);
  });
  it("does not without a verified factor, or without a session", () => {
    expect(needsSecondFactor({ access_token: token({ aal: "aal1" }), user: { factors: [{ status: "unverified" }] } })).toBe(false);
    expect(needsSecondFactor({ access_token: token({ aal: "aal1" }), user: {} })).toBe(false);
    expect(needsSecondFactor(null)).toBe(false);
  });
});
