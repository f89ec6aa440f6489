import { Badge } from "@/components/ui/badge";
import { publicFileUrl } from "@/lib/supabase";
import type { EventDetail } from "../api/get-event";

/** Cover, cancelled banner, category, title and hosts. */
export function EventHeader({ event }: { event: EventDetail }) {
  const cohosts = event.event_hosts
    .filter((h) => h.role === "cohost" && h.profile)
    .map((h) => h.profile!.display_name);
  const hosts = [event.host?.display_name, ...cohosts].filter(Boolean).join(", ");
  return (
    <header className="flex flex-col gap-4">
      {event.cover_path && (
        <img
          src={publicFileUrl("event-covers", event.cover_path)}
          alt=""
          width={1200}
          height={630}
          // The page's largest paint: fetch it ahead of below-the-fold images.
          fetchPriority="high"
          className="aspect-[1200/630] w-full rounded-xl bg-muted object-cover"
        />
      )}
      {event.status === "cancelled" && (
        <p role="status" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-900">
          This event was cancelled.{event.cancel_reason ? ` ${event.cancel_reason}` : ""}
        </p>
      )}
      <p>
        <Badge tone="brand" size="md" className="capitalize">
          {event.category}
        </Badge>
      </p>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{event.title}</h1>
      {hosts && <p className="text-muted-foreground">Hosted by {hosts}</p>}
    </header>
  );
}
