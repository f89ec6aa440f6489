import { Trans } from "@lingui/react/macro";
import { ExternalLink, MapPin, MonitorPlay } from "lucide-react";
import type { EventDetail } from "../api/get-event";
import { MapFacade } from "@/components/map/map-facade";

type EventPlaceProps = {
  event: Pick<EventDetail, "venue_name" | "address" | "lat" | "lng" | "is_online" | "online_link">;
  /** The online link is for going attendees only (product.md §2). */
  showOnlineLink: boolean;
};

export function directionsUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/directions?to=${lat}%2C${lng}#map=16/${lat}/${lng}`;
}

export function EventPlace({ event, showOnlineLink }: EventPlaceProps) {
  return (
    <div className="flex flex-col gap-4">
      {event.venue_name && (
        <div className="flex items-start gap-3">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div className="flex flex-col gap-0.5">
            <p className="font-medium">{event.venue_name}</p>
            {event.address && <p className="text-sm text-muted-foreground">{event.address}</p>}
            {event.lat !== null && event.lng !== null && (
              <a
                href={directionsUrl(event.lat, event.lng)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                <Trans>Directions on OpenStreetMap</Trans>
                <ExternalLink aria-hidden="true" className="size-3.5 rtl:-scale-x-100" />
                <span className="sr-only">
                  <Trans>(opens in a new tab)</Trans>
                </span>
              </a>
            )}
          </div>
        </div>
      )}
      {event.venue_name && event.lat !== null && event.lng !== null && (
        <MapFacade lat={event.lat} lng={event.lng} name={event.venue_name} />
      )}
      {event.is_online && (
        <div className="flex items-start gap-3">
          <MonitorPlay aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div className="flex flex-col gap-0.5">
            <p className="font-medium">
              <Trans>Online</Trans>
            </p>
            {showOnlineLink && event.online_link ? (
              <a href={event.online_link.url} target="_blank" rel="noopener noreferrer" className="break-all text-sm font-medium text-brand-700 underline underline-offset-4">
                <Trans>Join online</Trans>
                <span className="sr-only">
                  {" "}
                  <Trans>(opens in a new tab)</Trans>
                </span>
              </a>
            ) : (
              <p className="text-sm text-muted-foreground">
                <Trans>The link appears here once you're going.</Trans>
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
