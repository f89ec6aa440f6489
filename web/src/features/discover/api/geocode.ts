import { supabase } from "@/lib/supabase";

/** One answer of the `geocode` function (supabase/functions/geocode): a city or an address. */
export type GeocodedPlace = { name: string; label: string; country: string; lat: number; lng: number };

/** Places matching `query` (at least 2 characters), best first. */
export async function geocode(query: string, limit = 6): Promise<GeocodedPlace[]> {
  const { data, error } = await supabase.functions.invoke<{ results?: GeocodedPlace[] }>("geocode", {
    body: { q: query, limit },
  });
  if (error) throw error;
  return data?.results ?? [];
}
