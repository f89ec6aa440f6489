/**
 * Where to go after signing in: the `next` parameter when it is a path on this site, else
 * home. Rejects "//evil.example" and absolute URLs, so the parameter is no open redirect.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}

/** The sign-in path that comes back to `path` afterwards. */
export function signInPathFor(path: string): string {
  return path === "/" ? "/auth/sign-in" : `/auth/sign-in?next=${encodeURIComponent(path)}`;
}
