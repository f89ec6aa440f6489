import { Trans } from "@lingui/react/macro";
import { Map as MapIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { LazyVenueMap } from "./lazy-map";

type MapFacadeProps = { lat: number; lng: number; name: string };

/**
 * A "Show map" button that stands in for a one-pin map (an event's venue, a group's home city):
 * nothing from Leaflet or the tile server loads until it is pressed (the place is already text).
 */
export function MapFacade({ lat, lng, name }: MapFacadeProps) {
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
