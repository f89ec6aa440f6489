import { t } from "@lingui/core/macro";
import type { User } from "@supabase/supabase-js";

/** The name others see next to "is typing…": the profile name given at sign-up. */
export function viewerName(user: User): string {
  const meta = user.user_metadata as { display_name?: unknown; username?: unknown } | undefined;
  if (typeof meta?.display_name === "string" && meta.display_name.trim()) return meta.display_name.trim();
  if (typeof meta?.username === "string" && meta.username.trim()) return meta.username.trim();
  return user.email?.split("@")[0] ?? t`Someone`;
}
