import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { MapPin } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/errors";
import { geocode, type GeocodedPlace } from "../api/geocode";
import type { NearPlace } from "../discover-filters";

// Four decimals (about 10 m) keep shared links short without moving a city.
const round = (n: number) => Math.round(n * 1e4) / 1e4;

/** Find a place by name (the `geocode` function) and pick one of the answers. */
export function PlaceSearch({ onPick }: { onPick: (place: NearPlace) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState("");
  const search = useMutation({
    mutationFn: (q: string) => geocode(q),
    onError: (error) => toast.error(`${t`Couldn't search places.`} ${errorMessage(error)}`),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (q.length >= 2) search.mutate(q);
  };

  const pick = (place: GeocodedPlace) => {
    onPick({ lat: round(place.lat), lng: round(place.lng), label: place.label });
    search.reset();
    setText("");
  };

  const results = search.data;
  const searched = search.variables ?? "";
  const found = results?.length ?? 0;
  return (
    <div className="flex flex-col gap-2">
      <form onSubmit={submit} className="flex flex-col gap-2">
        <Label htmlFor={`${id}-place`}>
          <Trans>Near a place</Trans>
        </Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-place`}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t`City, e.g. Lisbon`}
            minLength={2}
            maxLength={120}
            autoComplete="off"
          />
          <Button type="submit" variant="outline" disabled={search.isPending || text.trim().length < 2}>
            {search.isPending ? <Trans>Finding…</Trans> : <Trans>Find</Trans>}
          </Button>
        </div>
      </form>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {results && results.length === 0 ? t`No place called “${searched}” found. Try another spelling.` : ""}
        {results && results.length > 0
          ? plural(found, { one: "# place found. Pick one:", other: "# places found. Pick one:" })
          : ""}
      </p>
      {results && results.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t`Places found`}>
          {results.map((place) => (
            <li key={`${place.lat},${place.lng},${place.label}`}>
              <Button type="button" variant="secondary" size="sm" onClick={() => pick(place)}>
                <MapPin aria-hidden="true" />
                {place.label}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
