import type { EventDetail } from "./api/get-event";

type JsonLdEvent = Pick<
  EventDetail,
  "title" | "description" | "starts_at" | "ends_at" | "status" | "venue_name" | "address" | "lat" | "lng" | "is_online" | "host"
>;

/** schema.org `Event` for search engines (https://schema.org/Event). */
export function eventJsonLd(event: JsonLdEvent, pageUrl: string, imageUrl?: string): Record<string, unknown> {
  const place = event.venue_name
    ? {
        "@type": "Place",
        name: event.venue_name,
        address: event.address ?? undefined,
        geo: event.lat !== null && event.lng !== null ? { "@type": "GeoCoordinates", latitude: event.lat, longitude: event.lng } : undefined,
      }
    : undefined;
  const online = event.is_online ? { "@type": "VirtualLocation", url: pageUrl } : undefined;
  const mode = place && online ? "Mixed" : online ? "Online" : "Offline";
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.description.slice(0, 500),
    startDate: event.starts_at,
    endDate: event.ends_at,
    url: pageUrl,
    image: imageUrl ? [imageUrl] : undefined,
    eventStatus: `https://schema.org/${event.status === "cancelled" ? "EventCancelled" : "EventScheduled"}`,
    eventAttendanceMode: `https://schema.org/${mode}EventAttendanceMode`,
    // The online link itself is for going attendees only, so it is not published here.
    location: place && online ? [place, online] : (place ?? online),
    organizer: event.host ? { "@type": "Person", name: event.host.display_name } : undefined,
    isAccessibleForFree: true,
    offers: { "@type": "Offer", price: 0, priceCurrency: "USD", url: pageUrl },
  };
}

/** A one-line summary for meta description and og:description. */
export function metaDescription(description: string, max = 160): string {
  const flat = description.replace(/[*_#>`[\]]/g, "").replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
