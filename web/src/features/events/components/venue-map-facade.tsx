import { Trans } from "@lingui/react/macro";
import { Map as MapIcon } from "lucide-react";
import { useId, useState } from "react";
import { LazyVenueMap } from "@/components/map/lazy-map";
import { Button } from "@/components/ui/button";

type VenueMapFacadeProps = { lat: number; lng: number; name: string };

/**
 * A "Show map" button that stands in for the venue map: nothing from Leaflet or the tile
 * server loads until it is pressed (the address and directions link are already text).
 */
export function VenueMapFacade({ lat, lng, name }: VenueMapFacadeProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col items-start gap-3">
      <Button variant="outline" size="sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <MapIcon aria-hidden="true" />
        {open ? <Trans>Hide map</Trans> : <Trans>Show map</Trans>}
      </Button>
      <div id={id} className="w-full">
        {open && <LazyVenueMap lat={lat} lng={lng} name={name} />}
      </div>
    </div>
  );
}
