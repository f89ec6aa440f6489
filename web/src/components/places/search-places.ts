import { supabase } from "@/lib/supabase";

/** One answer of the `geocode` function (supabase/functions/geocode). */
export type Place = { name: string; label: string; country: string; lat: number; lng: number };

/** Place search through the `geocode` server function (offline gazetteer or Nominatim). */
export async function searchPlaces(query: string, limit = 8): Promise<Place[]> {
  const { data, error } = await supabase.functions.invoke<{ results: Place[]; error?: string }>("geocode", {
    body: { q: query, limit },
  });
  if (error) throw error;
  return data?.results ?? [];
}
