import type { Session } from "@supabase/supabase-js";
import { useSession } from "./session-context";

/**
 * The claims of the session's access token. Row-level security reads `app_metadata.role` from
 * this JWT (private.is_admin()), so the screens read it from the same place to agree with it.
 */
export function accessTokenClaims(session: Pick<Session, "access_token"> | null): Record<string, unknown> | null {
  const part = session?.access_token.split(".")[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === "object" ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

type SessionLike = Pick<Session, "access_token"> & { user?: { factors?: { status: string }[] } | null };

/**
 * As private.is_admin() decides (decision 0145): the token's `app_metadata.role` is admin, and
 * an admin who has a verified factor must have given it in this session (`aal2`).
 */
export function isAdminSession(session: SessionLike | null): boolean {
  const claims = accessTokenClaims(session);
  const meta = claims?.app_metadata;
  const role = meta && typeof meta === "object" ? (meta as { role?: unknown }).role : undefined;
  if (role !== "admin") return false;
  return claims?.aal === "aal2" || !(session?.user?.factors ?? []).some((f) => f.status === "verified");
}

/** Whether the signed-in member is a site admin. */
export function useIsAdmin(): boolean {
  return isAdminSession(useSession().session);
}
