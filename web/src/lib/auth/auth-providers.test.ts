import { describe, expect, it } from "vitest";
import { enabledProviders, providerLabel } from "./auth-providers";

describe("enabledProviders", () => {
  it("lists the enabled OAuth and OpenID providers, best known first, without email or phone", () => {
    const external = { email: true, phone: true, anonymous_users: true, github: true, google: true, apple: false, "custom:corp": true, azure: true };
    expect(enabledProviders({ external }).map((p) => p.label)).toEqual(["Google", "Microsoft", "GitHub", "Corp"]);
  });
  it("is empty when none is configured or the answer is odd", () => {
    expect(enabledProviders({ external: { email: true, github: false } })).toEqual([]);
    expect(enabledProviders(null)).toEqual([]);
    expect(enabledProviders({})).toEqual([]);
  });
  it("names custom issuers readably", () => {
    expect(providerLabel("custom:acme_sso")).toBe("Acme sso");
  });
});
