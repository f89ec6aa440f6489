import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { MapPin, Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";

export type Place = { name: string; label: string; country: string; lat: number; lng: number };

async function searchCities(query: string): Promise<Place[]> {
  const { data, error } = await supabase.functions.invoke<{ results: Place[] }>("geocode", { body: { q: query, limit: 5 } });
  if (error) throw error;
  return data?.results ?? [];
}

type HomeCityFieldProps = {
  value: string;
  located: boolean;
  error?: string;
  /** Typing changes the name and forgets the coordinates; choosing a result sets both. */
  onType: (city: string) => void;
  onChoose: (place: Place) => void;
};

/** Home city as free text, optionally pinned to coordinates through the `geocode` function. */
export function HomeCityField({ value, located, error, onType, onChoose }: HomeCityFieldProps) {
  const { t } = useLingui();
  const [results, setResults] = useState<Place[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const find = async () => {
    if (value.trim().length < 2) {
      setProblem(t`Type at least 2 characters.`);
      return;
    }
    setSearching(true);
    setProblem(null);
    try {
      setResults(await searchCities(value.trim()));
    } catch (e) {
      setProblem(errorMessage(e, t`Place search isn't available right now. You can still save the city by name.`));
    } finally {
      setSearching(false);
    }
  };

  const id = useId();
  const message = error ?? problem;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        <Trans>Home city</Trans>
      </Label>
      {/* The input and its "Find" button on one row; hint and error below, linked to the input. */}
      <div className="flex gap-2">
        <Input
          id={id}
          value={value}
          autoComplete="address-level2"
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ""}`}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={(e) => {
            // Enter searches instead of submitting the whole profile form.
            if (e.key === "Enter") {
              e.preventDefault();
              void find();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={() => void find()} disabled={searching}>
          <Search aria-hidden="true" />
          {searching ? <Trans>Finding…</Trans> : <Trans>Find</Trans>}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {located ? <Trans>Located on the map, so Discover can show events near you.</Trans> : <Trans>Optional. Find it on the map to see events near you.</Trans>}
      </p>
      {message && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {message}
        </p>
      )}
      <div aria-live="polite">
        {results && results.length === 0 && (
          <p className="text-sm text-muted-foreground">
            <Trans>No city found by that name.</Trans>
          </p>
        )}
        {results && results.length > 0 && (
          <ul aria-label={t`Matching places`} className="flex flex-col gap-1 rounded-md border border-border p-1">
            {results.map((place) => (
              <li key={`${place.label}-${place.lat}-${place.lng}`}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 rounded-sm px-2 py-2 text-start text-sm hover:bg-accent"
                  onClick={() => {
                    onChoose(place);
                    setResults(null);
                  }}
                >
                  <MapPin aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  {place.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
