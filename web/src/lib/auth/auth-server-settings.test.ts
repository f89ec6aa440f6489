import { describe, expect, it } from "vitest";
import { enrollableFactorKinds } from "./auth-server-settings";

describe("enrollableFactorKinds", () => {
  it("follows Gather's mfa field: each kind whose enroll_enabled is on", () => {
    const mfa = { totp: { enroll_enabled: true }, phone: { enroll_enabled: false }, web_authn: { enroll_enabled: true, verify_enabled: true } };
    expect(enrollableFactorKinds({ mfa })).toEqual({ totp: true, phone: false, webauthn: true });
    expect(enrollableFactorKinds({ mfa: {} })).toEqual({ totp: false, phone: false, webauthn: false });
  });
  it("offers the authenticator app alone when the server is GoTrue (no mfa field)", () => {
    expect(enrollableFactorKinds({ external: { email: true } })).toEqual({ totp: true, phone: false, webauthn: false });
  });
});
