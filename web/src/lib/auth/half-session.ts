import { needsSecondFactor } from "./second-factor";
import { noteSessionAccess } from "./session-at-load";

// Decision 0264. A session that still owes its second factor (aal1, and the account has a
// verified factor) is not a session for data: the database answers it nothing at all, not even
// what a visitor sees (decision 0262, Supabase's documented rule). Until the code is given the
// app shows nobody signed in, and sends the requests of its pages — REST, storage, functions,
// realtime — as a visitor's, with the anon key; only the auth server (the second step itself)
// gets the session's token. Which token is "half" is read where supabase-js reads the session,
// its storage, so no request can go out before it is known.

let halfAccessToken: string | null = null;

/** supabase-js's session key (`sb-<ref>-auth-token`), not its code verifier or user keys. */
const isSessionKey = (key: string) => key.endsWith("-auth-token");

function note(value: string | null): void {
  try {
    const session = value ? (JSON.parse(value) as { access_token?: unknown }) : null;
    const token = typeof session?.access_token === "string" ? session.access_token : null;
    halfAccessToken = token && needsSecondFactor(session as { access_token: string }) ? token : null;
  } catch {
    halfAccessToken = null;
  }
}

/** The access token of the session now held, when that session is only half signed in. */
export function currentHalfAccessToken(): string | null {
  return halfAccessToken;
}

type SyncStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** `storage` for supabase-js's `auth.storage`, noting each session it reads or writes. */
export function watchedSessionStorage(storage: SyncStorage): SyncStorage {
  return {
    getItem(key) {
      const value = storage.getItem(key);
      if (isSessionKey(key)) {
        noteSessionAccess("read", value);
        note(value);
      }
      return value;
    },
    setItem(key, value) {
      storage.setItem(key, value);
      if (isSessionKey(key)) {
        noteSessionAccess("write", value);
        note(value);
      }
    },
    removeItem(key) {
      storage.removeItem(key);
      if (isSessionKey(key)) {
        noteSessionAccess("write", null);
        note(null);
      }
    },
  };
}

/** What a request carries instead of `token`: the anon key when `token` is the half session's. */
export function visitorTokenFor(token: string | null | undefined, anonKey: string): string | null | undefined {
  return token && token === halfAccessToken ? anonKey : token;
}

const AUTH_PATH = "/auth/v1/";

/** `fetch` for supabase-js's `global.fetch`: requests outside the auth server go as a visitor's while half signed in. */
export function visitorFetch(anonKey: string, base: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return (input, init) => {
    const half = halfAccessToken;
    if (!half) return base(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.includes(AUTH_PATH)) return base(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (headers.get("Authorization") !== `Bearer ${half}`) return base(input, init);
    headers.set("Authorization", `Bearer ${anonKey}`);
    return base(input, { ...init, headers });
  };
}

type RealtimeAuth = {
  setAuth(token?: string | null): Promise<void>;
  accessToken: (() => Promise<string | null>) | null;
};

/**
 * Realtime joins as a visitor too: supabase-js hands it the session's token on sign-in and asks
 * its callback at connect time; both go through `visitorTokenFor`.
 */
export function visitorRealtime(realtime: RealtimeAuth, anonKey: string): void {
  const setAuth = realtime.setAuth.bind(realtime);
  realtime.setAuth = (token) => setAuth(visitorTokenFor(token, anonKey) ?? null);
  const accessToken = realtime.accessToken;
  if (accessToken) realtime.accessToken = async () => visitorTokenFor(await accessToken(), anonKey) ?? null;
}
