import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { waitlistPlaceOptions } from "../api/my-events";

/** "Waitlist #3", fetched per event (only the database knows who is ahead). */
export function WaitlistBadge({ eventId, userId }: { eventId: string; userId: string }) {
  const place = useQuery(waitlistPlaceOptions(eventId, userId));
  return <Badge tone="warning">{place.data ? `Waitlist #${place.data}` : "On the waitlist"}</Badge>;
}
