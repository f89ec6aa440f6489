import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

const DISCOVER = msg`Discover events`;
const copy: Record<string, { text: MessageDescriptor; to: string; cta: MessageDescriptor }> = {
  hosting: { text: msg`You're not hosting anything yet. An event takes a minute to set up.`, to: "/events/new", cta: msg`Create an event` },
  going: { text: msg`You haven't RSVPed to any upcoming events.`, to: "/", cta: DISCOVER },
  waitlisted: { text: msg`You're not on any waitlists. When an event is full, you can join its waitlist and move up automatically.`, to: "/", cta: DISCOVER },
  pending: { text: msg`No requests waiting for a host's approval.`, to: "/", cta: DISCOVER },
  past: { text: msg`Events you went to or hosted will show up here once they're over.`, to: "/", cta: DISCOVER },
};

export type MyEventsTab = "hosting" | "going" | "waitlisted" | "pending" | "past";

export function MyEventsEmpty({ tab }: { tab: MyEventsTab }) {
  const { t } = useLingui();
  const { text, to, cta } = copy[tab]!;
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border p-6">
      <p className="text-muted-foreground">{t(text)}</p>
      <Button asChild variant="outline">
        <Link to={to}>{t(cta)}</Link>
      </Button>
    </div>
  );
}
