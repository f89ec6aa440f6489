import { lazy, Suspense } from "react";
import { withCatalogue } from "@/lib/i18n";

export type GroupDiscussionsProps = { groupId: string; userId: string; canManage: boolean };

// For members only: the code and its words load when the section is shown.
const DiscussionsSection = lazy(withCatalogue("discussions", () => import("./components/discussions-section")));

/** A group's discussions (threads, replies, reactions), for its members and organizers. */
export function GroupDiscussions(props: GroupDiscussionsProps) {
  return (
    <Suspense fallback={<div aria-hidden="true" className="h-24" />}>
      <DiscussionsSection {...props} />
    </Suspense>
  );
}
