import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { waitlistPlaceOptions } from "../api/my-events";

/** "Waitlist #3", fetched per event (only the database knows who is ahead). */
export function WaitlistBadge({ eventId, userId }: { eventId: string; userId: string }) {
  const place = useQuery(waitlistPlaceOptions(eventId, userId));
  const spot = place.data;
  return <Badge tone="warning">{spot ? <Trans>Waitlist #{spot}</Trans> : <Trans>On the waitlist</Trans>}</Badge>;
}
