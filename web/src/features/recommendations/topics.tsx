import { lazy, Suspense } from "react";
import { withCatalogue } from "@/lib/i18n";
import type { TopicsTarget } from "./api/topics";

// Only hosts and organizers see it: its code and words load when it is shown.
const TopicsBox = lazy(withCatalogue("recommendations", () => import("./topics-box")));

/** The topics editor for an event's host or a group's organizers. */
export function Topics(props: TopicsTarget) {
  return (
    <Suspense fallback={null}>
      <TopicsBox {...props} />
    </Suspense>
  );
}
