import type { LeafletEvent, Marker as LeafletMarker, Popup as LeafletPopup } from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import { Marker, Popup } from "react-leaflet";
import MarkerClusterGroup from "react-leaflet-cluster";
import { Link } from "react-router";
import { formatEventStart } from "@/lib/datetime";
import type { MapEvent } from "./map-event";
import { clusterIcon, pinIcon } from "./map-icons";

// Keyboard users land in the popup they opened (see PopupBody), and back on its pin when it closes.
function focusPinAgain(e: LeafletEvent & { popup?: LeafletPopup }) {
  const popup: HTMLElement | undefined = e.popup?.getElement();
  const active = document.activeElement;
  if (!popup || !active || active === document.body || popup.contains(active)) {
    (e.target as LeafletMarker).getElement()?.focus({ preventScroll: true });
  }
}

/** Mounted only while the popup is open, so mounting is the moment to move focus into it. */
function PopupBody({ event }: { event: MapEvent }) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => link.current?.focus({ preventScroll: true }), []);
  return (
    <div className="flex flex-col gap-1">
      <Link ref={link} to={`/events/${event.slug}`} className="text-base font-semibold underline-offset-2 hover:underline">
        {event.title}
      </Link>
      <time dateTime={event.starts_at} className="text-zinc-700">
        {formatEventStart(event.starts_at, event.timezone)}
      </time>
      {event.venue_name && <span className="text-zinc-700">{event.venue_name}</span>}
    </div>
  );
}

function EventPin({ event }: { event: MapEvent }) {
  const icon = useMemo(() => pinIcon(event.title), [event.title]);
  return (
    <Marker
      position={[event.lat, event.lng]}
      icon={icon}
      title={event.title}
      eventHandlers={{ popupclose: focusPinAgain }}
    >
      <Popup>
        <PopupBody event={event} />
      </Popup>
    </Marker>
  );
}

/**
 * Events as pins, clustered where they crowd. Each pin is focusable (Enter opens its popup:
 * the title as a link to the event, the date, the venue); each cluster zooms in on Enter.
 */
export function EventMarkers({ events }: { events: MapEvent[] }) {
  return (
    <MarkerClusterGroup
      iconCreateFunction={clusterIcon}
      showCoverageOnHover={false}
      maxClusterRadius={48}
      spiderfyOnMaxZoom
    >
      {events.map((event) => (
        <EventPin key={event.id} event={event} />
      ))}
    </MarkerClusterGroup>
  );
}
