import { useLingui } from "@lingui/react/macro";
import { Bell } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { withCatalogue } from "@/lib/i18n";

// The popover, its list and the realtime channel are a chunk of their own, with their strings.
const NotificationsBell = lazy(withCatalogue("notifications", () => import("./notifications-bell")));

/** The header's bell as a nav list item, for signed-in members. */
export function BellNavItem({ userId }: { userId: string }) {
  const { t } = useLingui();
  return (
    <li>
      <Suspense
        fallback={
          <Button variant="ghost" size="icon" disabled aria-label={t`Notifications`}>
            <Bell aria-hidden="true" className="size-5" />
          </Button>
        }
      >
        <NotificationsBell userId={userId} />
      </Suspense>
    </li>
  );
}
