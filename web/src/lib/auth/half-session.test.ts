import { describe, expect, it } from "vitest";
import { currentHalfAccessToken, visitorFetch, visitorTokenFor, watchedSessionStorage } from "./half-session";

function token(claims: object): string {
  const b64url = (s: string) => btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify(claims))}.sig`;
}

const KEY = "sb-127-auth-token";
const half = token({ aal: "aal1", sub: "u1" });
const full = token({ aal: "aal2", sub: "u1" });
const withFactor = (access_token: string) => JSON.stringify({ access_token, user: { factors: [{ status: "verified" }] } });

/** The Authorization header each request went out with. */
function recorder() {
  const sent: { url: string; authorization: string | null }[] = [];
  const base = (async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), authorization: new Headers(init?.headers).get("Authorization") });
    return new Response("[]");
  }) as typeof fetch;
  return { sent, fetch: visitorFetch("anon-key", base) };
}

describe("a half-signed-in session (decision 0264)", () => {
  it("is noted where supabase-js reads and writes the session, and forgotten with it", () => {
    const storage = watchedSessionStorage(window.localStorage);
    storage.setItem(KEY, withFactor(half));
    expect(currentHalfAccessToken()).toBe(half);
    storage.setItem(KEY, withFactor(full));
    expect(currentHalfAccessToken()).toBeNull();
    window.localStorage.setItem(KEY, withFactor(half)); // another tab wrote it
    expect(storage.getItem(KEY)).toBe(withFactor(half));
    expect(currentHalfAccessToken()).toBe(half);
    storage.removeItem(KEY);
    expect(currentHalfAccessToken()).toBeNull();
    // A password session of an account without a factor is a whole one.
    storage.setItem(KEY, JSON.stringify({ access_token: half, user: { factors: [] } }));
    expect(currentHalfAccessToken()).toBeNull();
    storage.setItem(`${KEY}-code-verifier`, "x");
    expect(currentHalfAccessToken()).toBeNull();
  });

  it("sends data requests as a visitor's and the second step to the auth server with the session", async () => {
    const storage = watchedSessionStorage(window.localStorage);
    storage.setItem(KEY, withFactor(half));
    const { sent, fetch } = recorder();
    await fetch("https://api.example/rest/v1/events?select=id", { headers: { Authorization: `Bearer ${half}`, apikey: "anon-key" } });
    await fetch("https://api.example/storage/v1/object/avatars/x", { headers: { Authorization: `Bearer ${half}` } });
    await fetch("https://api.example/auth/v1/factors/f1/challenge", { method: "POST", headers: { Authorization: `Bearer ${half}` } });
    expect(sent.map((s) => s.authorization)).toEqual(["Bearer anon-key", "Bearer anon-key", `Bearer ${half}`]);
    expect(visitorTokenFor(half, "anon-key")).toBe("anon-key");

    storage.setItem(KEY, withFactor(full));
    await fetch("https://api.example/rest/v1/events?select=id", { headers: { Authorization: `Bearer ${full}` } });
    expect(sent.at(-1)?.authorization).toBe(`Bearer ${full}`);
    expect(visitorTokenFor(full, "anon-key")).toBe(full);
    storage.removeItem(KEY);
  });
});
