import { Trans } from "@lingui/react/macro";
import { Map as MapIcon } from "lucide-react";
import { useId, useState } from "react";
import { LazyVenueMap } from "@/components/map/lazy-map";
import { Button } from "@/components/ui/button";

/**
 * The group's home city on a map, behind a "Show map" button as the event page's venue is:
 * nothing from Leaflet or the tile server loads until it is pressed (the city is already text).
 */
export function CityMapFacade({ lat, lng, city }: { lat: number; lng: number; city: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col items-start gap-3">
      <Button variant="outline" size="sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <MapIcon aria-hidden="true" />
        {open ? <Trans>Hide map</Trans> : <Trans>Show map</Trans>}
      </Button>
      <div id={id} className="w-full">
        {open && <LazyVenueMap lat={lat} lng={lng} name={city} />}
      </div>
    </div>
  );
}
