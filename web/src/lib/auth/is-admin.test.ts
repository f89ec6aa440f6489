import { describe, expect, it } from "vitest";
import { accessTokenClaims, isAdminSession } from "./is-admin";

/** An unsigned JWT with these claims (the signature is the server's business). */
function token(claims: object): string {
  const utf8 = (s: string) => String.fromCharCode(...new TextEncoder().encode(s));
  const b64url = (s: string) => btoa(utf8(s)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(claims))}.sig`;
}

describe("admin from the access token", () => {
  it("reads app_metadata.role from the JWT, with base64url and UTF-8", () => {
    const claims = { sub: "u1", app_metadata: { role: "admin", provider: "email" }, user_metadata: { name: "Zoë ~~??" } };
    expect(accessTokenClaims({ access_token: token(claims) })).toEqual(claims);
    expect(isAdminSession({ access_token: token(claims) })).toBe(true);
  });

  it("is false for members, no session and garbage", () => {
    expect(isAdminSession({ access_token: token({ app_metadata: { provider: "email" } }) })).toBe(false);
    expect(isAdminSession({ access_token: token({ user_metadata: { role: "admin" } }) })).toBe(false);
    expect(isAdminSession(null)).toBe(false);
    expect(isAdminSession({ access_token: "not-a-jwt" })).toBe(false);
    expect(isAdminSession({ access_token: "a.%%%.c" })).toBe(false);
  });
});

describe("admins with a second factor (decision 0145)", () => {
  const admin = { app_metadata: { role: "admin" } };
  const verified = { factors: [{ status: "verified" }] };
  it("are admins at aal2 only", () => {
    expect(isAdminSession({ access_token: token({ ...admin, aal: "aal1" }), user: verified })).toBe(false);
    expect(isAdminSession({ access_token: token({ ...admin, aal: "aal2" }), user: verified })).toBe(true);
  });
  it("an unverified factor does not count", () => {
    expect(isAdminSession({ access_token: token({ ...admin, aal: "aal1" }), user: { factors: [{ status: "unverified" }] } })).toBe(true);
  });
});
