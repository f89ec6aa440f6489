import { lazy, Suspense } from "react";
import { withCatalogue } from "@/lib/i18n";

export type FollowHostProps = { userId: string; hostId: string; name: string };

const FollowHostButton = lazy(withCatalogue("recommendations", () => import("./follow-host-button")));

/** The "Follow host" toggle for a profile page; a same-sized space while its code loads. */
export function FollowHost(props: FollowHostProps) {
  return (
    <Suspense fallback={<div aria-hidden="true" className="h-10 w-32 self-start sm:self-center" />}>
      <FollowHostButton {...props} />
    </Suspense>
  );
}
