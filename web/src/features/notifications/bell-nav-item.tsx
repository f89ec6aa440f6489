import { Bell } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";

// The popover, its list and the realtime channel are a chunk of their own.
const NotificationsBell = lazy(() => import("./notifications-bell"));

/** The header's bell as a nav list item, for signed-in members. */
export function BellNavItem({ userId }: { userId: string }) {
  return (
    <li>
      <Suspense
        fallback={
          <Button variant="ghost" size="icon" disabled aria-label="Notifications">
            <Bell aria-hidden="true" className="size-5" />
          </Button>
        }
      >
        <NotificationsBell userId={userId} />
      </Suspense>
    </li>
  );
}
