import { Trans, useLingui } from "@lingui/react/macro";
import type { LatLng as LeafletLatLng, LeafletMouseEvent, Marker as LeafletMarker } from "leaflet";
import { useId, useMemo, useState } from "react";
import { Marker, useMapEvents } from "react-leaflet";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PIN_ZOOM, WORLD_VIEW } from "@/lib/map-config";
import { BaseMap } from "./base-map";
import { FollowPoint } from "./follow-point";
import {
  parseDraft, parseLatitude, parseLongitude, roundCoordinate, sameLocation,
  toDraft, type CoordinateDraft, type LatLng,
} from "./location-picker-fields";
import { pinIcon } from "./map-icons";
import { MAP_SIZES } from "./map-sizes";

export type { LatLng } from "./location-picker-fields";

export type LocationPickerProps = {
  value: LatLng | null;
  /** Called with the new point, or null when both coordinate boxes are emptied. */
  onChange(value: LatLng | null): void;
  /** The map's accessible name. */
  label?: string;
  /** Size of the map box. */
  className?: string;
};

function toLatLng(point: LeafletLatLng): LatLng {
  const wrapped = point.wrap(); // a click on a repeated world copy still means -180..180
  return { lat: roundCoordinate(wrapped.lat), lng: roundCoordinate(wrapped.lng) };
}

function ClickToPlace({ onPick }: { onPick: (value: LatLng) => void }) {
  useMapEvents({ click: (e: LeafletMouseEvent) => onPick(toLatLng(e.latlng)) });
  return null;
}

/**
 * Pick a point: click the map or drag the pin. The same point is editable as latitude and
 * longitude boxes, the keyboard (and screen-reader) way to set it.
 */
export function LocationPicker({ value, onChange, label, className = MAP_SIZES.picker }: LocationPickerProps) {
  const { t } = useLingui();
  const id = useId();
  const icon = useMemo(() => pinIcon(), []);
  const [draft, setDraft] = useState<CoordinateDraft>(() => toDraft(value));
  const [touched, setTouched] = useState({ lat: false, lng: false });
  const [shown, setShown] = useState(value);

  // A new value from outside (a click, a drag, the parent's place search) rewrites the boxes,
  // unless it is what they already say.
  if (!sameLocation(value, shown)) {
    setShown(value);
    if (!sameLocation(value, parseDraft(draft))) setDraft(toDraft(value));
  }

  const edit = (field: keyof CoordinateDraft, text: string) => {
    const next = { ...draft, [field]: text };
    setDraft(next);
    const parsed = parseDraft(next);
    if (parsed !== undefined && !sameLocation(parsed, value)) {
      setShown(parsed);
      onChange(parsed);
    }
  };

  const latError = touched.lat && draft.lat.trim() !== "" && parseLatitude(draft.lat) === null;
  const lngError = touched.lng && draft.lng.trim() !== "" && parseLongitude(draft.lng) === null;
  const hintId = `${id}-hint`;

  return (
    <div className="flex flex-col gap-3">
      <BaseMap
        label={label ?? t`Map: click to place the pin`}
        center={value ? [value.lat, value.lng] : WORLD_VIEW.center}
        zoom={value ? PIN_ZOOM : WORLD_VIEW.zoom}
        className={className}
      >
        <ClickToPlace onPick={onChange} />
        {value && (
          <>
            <Marker
              position={[value.lat, value.lng]}
              icon={icon}
              draggable
              // Dragging is the mouse way; the boxes below are the keyboard way.
              keyboard={false}
              eventHandlers={{ dragend: (e) => onChange(toLatLng((e.target as LeafletMarker).getLatLng())) }}
            />
            <FollowPoint lat={value.lat} lng={value.lng} minZoom={PIN_ZOOM - 3} />
          </>
        )}
      </BaseMap>
      <p id={hintId} className="text-sm text-muted-foreground">
        <Trans>Click the map to place the pin, or drag it. You can also type the coordinates.</Trans>
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-lat`}>
            <Trans>Latitude</Trans>
          </Label>
          <Input
            id={`${id}-lat`}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t`e.g. 38.7036`}
            value={draft.lat}
            aria-invalid={latError || undefined}
            aria-describedby={latError ? `${id}-lat-error` : hintId}
            onChange={(e) => edit("lat", e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, lat: true }))}
          />
          {latError && (
            <p id={`${id}-lat-error`} className="text-sm font-medium text-red-700">
              <Trans>Latitude must be a number from -90 to 90.</Trans>
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-lng`}>
            <Trans>Longitude</Trans>
          </Label>
          <Input
            id={`${id}-lng`}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t`e.g. -9.1784`}
            value={draft.lng}
            aria-invalid={lngError || undefined}
            aria-describedby={lngError ? `${id}-lng-error` : hintId}
            onChange={(e) => edit("lng", e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, lng: true }))}
          />
          {lngError && (
            <p id={`${id}-lng-error`} className="text-sm font-medium text-red-700">
              <Trans>Longitude must be a number from -180 to 180.</Trans>
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
