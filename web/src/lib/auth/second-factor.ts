import type { Session } from "@supabase/supabase-js";
import { accessTokenClaims } from "./is-admin";

type SessionLike = Pick<Session, "access_token"> & { user?: { factors?: { status: string }[] } | null };

/** The member has a verified second factor (GoTrue lists factors with the user). */
export function hasVerifiedFactor(session: SessionLike | null): boolean {
  return (session?.user?.factors ?? []).some((f) => f.status === "verified");
}

/**
 * Signed in with one factor although the account has a second one: sign-in is not finished
 * until the code is given (supabase-js's currentLevel aal1, nextLevel aal2). The database
 * refuses admin powers to such a session too (decision 0145).
 */
export function needsSecondFactor(session: SessionLike | null): boolean {
  if (!session) return false;
  return accessTokenClaims(session)?.aal !== "aal2" && hasVerifiedFactor(session);
}
