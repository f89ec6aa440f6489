import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { Marker } from "react-leaflet";
import { PIN_ZOOM } from "@/lib/map-config";
import { BaseMap } from "./base-map";
import { FollowPoint } from "./follow-point";
import { pinIcon } from "./map-icons";
import { MAP_SIZES } from "./map-sizes";

export type VenueMapProps = {
  lat: number;
  lng: number;
  /** The venue's name: the map is labelled "Map of <name>". */
  name: string;
  className?: string;
};

/** One venue's pin, read-only: the map pans and zooms, the pin stays put. */
export function VenueMap({ lat, lng, name, className = MAP_SIZES.venue }: VenueMapProps) {
  const { t } = useLingui();
  const icon = useMemo(() => pinIcon(), []);
  return (
    <BaseMap label={t`Map of ${name}`} center={[lat, lng]} zoom={PIN_ZOOM} className={className}>
      {/* The address is on the page as text; the pin itself is decoration, not a control. */}
      <Marker position={[lat, lng]} icon={icon} keyboard={false} interactive={false} />
      <FollowPoint lat={lat} lng={lng} minZoom={PIN_ZOOM} />
    </BaseMap>
  );
}
