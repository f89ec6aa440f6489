import { lazy, Suspense } from "react";
import { useSession } from "@/lib/auth/session-context";
import { withCatalogue } from "@/lib/i18n";

// Signed-in members only; its code and words load after Discover's own (below the results).
const ForYouSection = lazy(withCatalogue("recommendations", () => import("./for-you-section")));

/** "For you" on Discover (issue 33, decision 0343): the member's picks, each with its reason. */
export function ForYou() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <ForYouSection userId={user.id} />
    </Suspense>
  );
}
