import { MapPin, Search } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/errors";
import { searchPlaces, type Place } from "../api/search-places";

type SearchState =
  | { status: "idle" }
  | { status: "searching" }
  | { status: "done"; places: Place[] }
  | { status: "failed"; message: string };

/**
 * Place search through the `geocode` function. Not a <form> of its own (it sits inside the
 * editor's): Enter in the box searches instead of saving the event.
 */
export function PlaceSearch({ onPick }: { onPick: (place: Place) => void }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [state, setState] = useState<SearchState>({ status: "idle" });

  async function search() {
    const q = query.trim();
    if (q.length < 2) {
      setState({ status: "failed", message: "Type at least 2 characters." });
      return;
    }
    setState({ status: "searching" });
    try {
      setState({ status: "done", places: await searchPlaces(q) });
    } catch (error) {
      setState({ status: "failed", message: `Place search failed. ${errorMessage(error)}` });
    }
  }

  function pick(place: Place) {
    onPick(place);
    setState({ status: "idle" });
    setQuery("");
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium leading-none">
        Search for a place
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          autoComplete="off"
          placeholder="City or address"
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
          Search
        </Button>
      </div>
      <p id={`${id}-status`} role="status" className="text-sm text-muted-foreground">
        {state.status === "searching" && "Searching…"}
        {state.status === "done" &&
          (state.places.length ? `${state.places.length} ${state.places.length === 1 ? "place" : "places"} found. Choose one.` : "No places found. Try another spelling, or add the city.")}
        {state.status === "failed" && <span className="font-medium text-red-700">{state.message}</span>}
      </p>
      {state.status === "done" && state.places.length > 0 && (
        <ul aria-label="Places found" className="flex flex-col divide-y divide-border rounded-md border border-border">
          {state.places.map((place) => (
            <li key={`${place.label}-${place.lat}-${place.lng}`}>
              <button
                type="button"
                onClick={() => pick(place)}
                className="flex w-full items-start gap-2 px-3 py-2 text-left text-sm hover:bg-accent focus-visible:bg-accent"
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
