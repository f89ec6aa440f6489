import { Link } from "react-router";
import { Button } from "@/components/ui/button";

const copy = {
  hosting: { text: "You're not hosting anything yet. An event takes a minute to set up.", to: "/events/new", cta: "Create an event" },
  going: { text: "You haven't RSVPed to any upcoming events.", to: "/", cta: "Discover events" },
  waitlisted: { text: "You're not on any waitlists. When an event is full, you can join its waitlist and move up automatically.", to: "/", cta: "Discover events" },
  pending: { text: "No requests waiting for a host's approval.", to: "/", cta: "Discover events" },
  past: { text: "Events you went to or hosted will show up here once they're over.", to: "/", cta: "Discover events" },
};

export type MyEventsTab = keyof typeof copy;

export function MyEventsEmpty({ tab }: { tab: MyEventsTab }) {
  const { text, to, cta } = copy[tab];
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border p-6">
      <p className="text-muted-foreground">{text}</p>
      <Button asChild variant="outline">
        <Link to={to}>{cta}</Link>
      </Button>
    </div>
  );
}
