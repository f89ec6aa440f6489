import { t } from "@lingui/core/macro";
import type { AuthChangeEvent } from "@supabase/supabase-js";

/** What the app does in response to a session event (product.md §4). */
export type AuthReaction =
  | { kind: "toast"; message: string }
  | { kind: "clear-cache" }
  | { kind: "navigate"; to: string }
  | { kind: "refresh-profile" };

/**
 * Pure mapping from a session event to the app's reactions. `wasSignedIn` stops the "Signed
 * in" toast from repeating: supabase-js also emits SIGNED_IN when a tab regains focus.
 */
export function reactionsTo(event: AuthChangeEvent, wasSignedIn: boolean): AuthReaction[] {
  switch (event) {
    case "SIGNED_IN":
      return wasSignedIn ? [] : [{ kind: "toast", message: t`Signed in` }];
    case "SIGNED_OUT":
      return [{ kind: "toast", message: t`Signed out` }, { kind: "clear-cache" }];
    case "PASSWORD_RECOVERY":
      return [{ kind: "navigate", to: "/auth/reset-password" }];
    case "USER_UPDATED":
      return [{ kind: "refresh-profile" }];
    default:
      return [];
  }
}
