import { plural } from "@lingui/core/macro";
import { divIcon, point, type DivIcon } from "leaflet";
import { intlLocale } from "@/lib/i18n/active-locale";

/** What leaflet.markercluster passes to iconCreateFunction (it ships no types of its own here). */
export type ClusterLike = { getChildCount(): number };

/** Text for innerHTML: Leaflet's divIcon takes an HTML string. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const PIN_SVG =
  '<svg viewBox="0 0 28 36" aria-hidden="true" focusable="false"><path fill="currentColor" stroke="#fff" stroke-width="2" d="M14 1C6.8 1 1 6.7 1 13.8 1 23.4 14 35 14 35s13-11.6 13-21.2C27 6.7 21.2 1 14 1Z"/><circle cx="14" cy="13.5" r="5" fill="#fff"/></svg>';

/**
 * A pin. With a label, the label is its accessible name (a keyboard-focusable marker is a
 * role="button", which needs one); without, the pin is decoration.
 */
export function pinIcon(label?: string): DivIcon {
  return divIcon({
    className: "gather-pin",
    html: label ? `${PIN_SVG}<span class="gather-sr-only">${escapeHtml(label)}</span>` : PIN_SVG,
    iconSize: [28, 36],
    iconAnchor: [14, 36],
    popupAnchor: [0, -32],
  });
}

function formatCount(count: number): string {
  return new Intl.NumberFormat(intlLocale()).format(count);
}

/** A cluster badge: the count, and words for screen readers (Enter zooms in, as a click does). */
export function clusterIcon(cluster: ClusterLike): DivIcon {
  const count = cluster.getChildCount();
  const size = count < 10 ? 36 : count < 100 ? 42 : 48;
  return divIcon({
    className: "gather-cluster",
    html: `<span aria-hidden="true">${formatCount(count)}</span><span class="gather-sr-only">${escapeHtml(
      plural(count, { one: "# event here. Zoom in", other: "# events here. Zoom in" }),
    )}</span>`,
    iconSize: point(size, size),
  });
}
