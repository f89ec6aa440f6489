import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { visitorFetch, visitorRealtime, watchedSessionStorage } from "./auth/half-session";
import type { Database } from "./database.types";
import { supabaseAnonKey, supabaseUrl } from "./supabase-config";

export { publicFileUrl, supabaseUrl } from "./supabase-config";

let client: SupabaseClient<Database> | undefined;

/** The one client (typed with `gather-server gen types`, lib/database.types.ts), made on first use. */
export function supabaseClient(): SupabaseClient<Database> {
  return (client ??= makeClient());
}

/**
 * Until the second step of sign-in is done, the client's data requests and realtime joins go as
 * a visitor's (decision 0264, auth/half-session.ts); the auth server alone gets the session.
 */
function makeClient(): SupabaseClient<Database> {
  const made = createClient<Database>(supabaseUrl, supabaseAnonKey, {
    auth: { storage: browserStorage() },
    global: { fetch: visitorFetch(supabaseAnonKey) },
  });
  visitorRealtime(made.realtime, supabaseAnonKey);
  // supabase-js passes realtime the token of SIGNED_IN and TOKEN_REFRESHED only: the aal2 token
  // the second step gives would otherwise wait for the next refresh.
  made.auth.onAuthStateChange((event, session) => {
    if (event === "MFA_CHALLENGE_VERIFIED" && session) void made.realtime.setAuth(session.access_token);
  });
  return made;
}

/** localStorage, as supabase-js would pick it, watched for half-signed-in sessions; none where it is closed. */
function browserStorage() {
  try {
    return globalThis.localStorage ? watchedSessionStorage(globalThis.localStorage) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client as pages import it. Evaluating a page's code no longer builds the client too: over
 * a first screen that was one task, and start-app now makes the client in a task of its own
 * between them (decision 0199). Every property is the client's own, methods bound to it.
 */
export const supabase: SupabaseClient<Database> = new Proxy({} as SupabaseClient<Database>, {
  get(_target, key) {
    const real = supabaseClient();
    const value: unknown = Reflect.get(real, key, real);
    return typeof value === "function" ? value.bind(real) : value;
  },
});
