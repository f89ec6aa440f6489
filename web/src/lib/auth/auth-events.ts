import { t } from "@lingui/core/macro";
import type { AuthChangeEvent } from "@supabase/supabase-js";

/** What the app does in response to a session event (product.md §4). */
export type AuthReaction =
  | { kind: "toast"; message: string }
  | { kind: "clear-cache" }
  | { kind: "navigate"; to: string }
  | { kind: "refresh-profile" };

/**
 * Pure mapping from a session event to the app's reactions. `wasSignedIn` and `isSignedIn` say
 * whether the member was and is fully signed in: a session that still owes its second factor
 * is not (decision 0264), so its SIGNED_IN says nothing and the second step's
 * MFA_CHALLENGE_VERIFIED says "Signed in". `wasSignedIn` also stops the toast from repeating:
 * supabase-js emits SIGNED_IN again when a tab regains focus. `restored` says the session is the
 * one the page found stored when it loaded (session-at-load.ts): supabase-js announces it with
 * SIGNED_IN too, and a page load is no sign-in (issue 32).
 */
export function reactionsTo(
  event: AuthChangeEvent,
  wasSignedIn: boolean,
  isSignedIn = event !== "SIGNED_OUT",
  restored = false,
): AuthReaction[] {
  switch (event) {
    case "SIGNED_IN":
    case "MFA_CHALLENGE_VERIFIED":
      return isSignedIn && !wasSignedIn && !restored ? [{ kind: "toast", message: t`Signed in` }] : [];
    case "SIGNED_OUT":
      return wasSignedIn ? [{ kind: "toast", message: t`Signed out` }, { kind: "clear-cache" }] : [{ kind: "clear-cache" }];
    case "PASSWORD_RECOVERY":
      return [{ kind: "navigate", to: "/auth/reset-password" }];
    case "USER_UPDATED":
      return [{ kind: "refresh-profile" }];
    default:
      return [];
  }
}
