// Issue 32: "Signed in" must follow a sign-in, not a page load. On load supabase-js reads the
// stored session and announces it as SIGNED_IN (before INITIAL_SESSION, not after), exactly as
// it announces a new sign-in; what tells them apart is the session itself: the one the page
// found stored when it loaded is no sign-in. That is the value of the first access to the
// session key, if it was a read; a first write (a session from an emailed link's URL) means
// nothing was restored.

let tokenAtLoad: string | null | undefined;

const accessTokenOf = (value: string | null) => {
  try {
    const session = value ? (JSON.parse(value) as { access_token?: unknown }) : null;
    return typeof session?.access_token === "string" ? session.access_token : null;
  } catch {
    return null;
  }
};

/** Called by the watched storage on each access to the session key. */
export function noteSessionAccess(kind: "read" | "write", value: string | null): void {
  if (tokenAtLoad === undefined) tokenAtLoad = kind === "read" ? accessTokenOf(value) : null;
}

/** Whether `accessToken` is the session the page restored from storage when it loaded. */
export function isSessionFromLoad(accessToken: string | undefined): boolean {
  return !!accessToken && accessToken === tokenAtLoad;
}
