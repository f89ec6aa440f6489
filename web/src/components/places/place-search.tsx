// Shared by the event editor (venue) and the group form (home city); moved from features/editor.
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MapPin, Search } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/errors";
import { searchPlaces, type Place } from "./search-places";

type SearchState =
  | { status: "idle" }
  | { status: "searching" }
  | { status: "done"; places: Place[]; addresses: boolean }
  | { status: "failed"; message: string };

/**
 * Place search through the `geocode` function. Not a <form> of its own (it sits inside the
 * editor's): Enter in the box searches instead of saving the event. `citiesOnlyHint` is said
 * after a search when the server's geocoder knows cities only (the bundled gazetteer).
 */
export function PlaceSearch({ onPick, citiesOnlyHint }: { onPick: (place: Place) => void; citiesOnlyHint?: string }) {
  const { t } = useLingui();
  const id = useId();
  const [query, setQuery] = useState("");
  const [state, setState] = useState<SearchState>({ status: "idle" });

  async function search() {
    const q = query.trim();
    if (q.length < 2) {
      setState({ status: "failed", message: t`Type at least 2 characters.` });
      return;
    }
    setState({ status: "searching" });
    try {
      setState({ status: "done", ...(await searchPlaces(q)) });
    } catch (error) {
      setState({ status: "failed", message: `${t`Place search failed.`} ${errorMessage(error)}` });
    }
  }

  const found = state.status === "done" ? state.places.length : 0;

  function pick(place: Place) {
    onPick(place);
    setState({ status: "idle" });
    setQuery("");
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium leading-none">
        <Trans>Search for a place</Trans>
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          autoComplete="off"
          placeholder={t`City or address`}
          value={query}
          aria-describedby={`${id}-status`}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void search();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={() => void search()} disabled={state.status === "searching"}>
          <Search aria-hidden="true" />
          <Trans comment="A button that runs the search">Search</Trans>
        </Button>
      </div>
      <p id={`${id}-status`} role="status" className="text-sm text-muted-foreground">
        {state.status === "searching" && t`Searching…`}
        {state.status === "done" &&
          (found
            ? plural(found, { one: "# place found. Choose one.", other: "# places found. Choose one." })
            : t`No places found. Try another spelling, or add the city.`)}
        {state.status === "done" && !state.addresses && citiesOnlyHint && ` ${citiesOnlyHint}`}
        {state.status === "failed" && <span className="font-medium text-red-700">{state.message}</span>}
      </p>
      {state.status === "done" && state.places.length > 0 && (
        <ul aria-label={t`Places found`} className="flex flex-col divide-y divide-border rounded-md border border-border">
          {state.places.map((place) => (
            <li key={`${place.label}-${place.lat}-${place.lng}`}>
              <button
                type="button"
                onClick={() => pick(place)}
                className="flex w-full items-start gap-2 px-3 py-2 text-start text-sm hover:bg-accent focus-visible:bg-accent"
              >
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                <span>{place.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
