import { createClient, type AuthChangeEvent, type Session } from "@supabase/supabase-js";
import { afterEach, describe, expect, it } from "vitest";
import { reactionsTo, type AuthReaction } from "./auth-events";
import { watchedSessionStorage } from "./half-session";
import { isSessionFromLoad } from "./session-at-load";

// Issue 32: a full load of a signed-in page said "Signed in" every time. supabase-js itself,
// over the app's watched storage, announces a stored session on load; the app must stay quiet.

function token(claims: object): string {
  const b64url = (s: string) => btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify(claims))}.sig`;
}
const exp = Math.floor(Date.now() / 1000) + 3600;
const session = (sub: string, aal = "aal1") => ({
  access_token: token({ sub, aal, exp, role: "authenticated" }),
  refresh_token: `r-${sub}`,
  token_type: "bearer",
  expires_in: 3600,
  expires_at: exp,
  user: { id: sub, aud: "authenticated", email: `${sub}@example.com`, app_metadata: {}, user_metadata: {}, created_at: "2026-01-01T00:00:00Z" },
});
const KEY = "sb-127-auth-token";

afterEach(() => window.localStorage.clear());

describe("the stored session on a page load (issue 32)", () => {
  it("is announced by supabase-js as SIGNED_IN, and gets no \"Signed in\"; a new session does", async () => {
    const stored = session("u-stored");
    window.localStorage.setItem(KEY, JSON.stringify(stored));
    const client = createClient("http://127.0.0.1:9", "anon-key", {
      auth: { storage: watchedSessionStorage(window.localStorage), storageKey: KEY, autoRefreshToken: false },
    });
    // As AuthProvider does: each event through reactionsTo, remembering whether the member was signed in.
    const seen: { event: AuthChangeEvent; reactions: AuthReaction[] }[] = [];
    let signedIn = false;
    const onEvent = (event: AuthChangeEvent, s: Session | null) => {
      seen.push({ event, reactions: reactionsTo(event, signedIn, s !== null, isSessionFromLoad(s?.access_token)) });
      signedIn = s !== null;
    };
    const { data } = client.auth.onAuthStateChange(onEvent);
    await expect.poll(() => seen.map((e) => e.event)).toContain("INITIAL_SESSION");
    data.subscription.unsubscribe();

    // supabase-js does announce the restored session as a sign-in (so this test means something)…
    expect(seen.map((e) => e.event)).toEqual(["SIGNED_IN", "INITIAL_SESSION"]);
    // …and the app says nothing about it.
    expect(seen.flatMap((e) => e.reactions)).toEqual([]);
    expect(isSessionFromLoad(stored.access_token)).toBe(true);

    // A session that arrives later (a sign-in, the second factor's aal2 token) is a sign-in.
    const fresh = session("u-stored", "aal2");
    expect(isSessionFromLoad(fresh.access_token)).toBe(false);
    expect(reactionsTo("SIGNED_IN", false, true, isSessionFromLoad(fresh.access_token))).toEqual([{ kind: "toast", message: "Signed in" }]);
  });
});
