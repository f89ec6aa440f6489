import { supabase } from "@/lib/supabase";

/** One answer of the `geocode` function (supabase/functions/geocode), with the IANA zone of its point. */
export type Place = { name: string; label: string; country: string; lat: number; lng: number; timezone?: string | null };

/** What a search found, and whether the server's geocoder knows street addresses (Nominatim) or only cities. */
export type PlaceAnswer = { places: Place[]; addresses: boolean };

/** Place search through the `geocode` server function (offline gazetteer or Nominatim). */
export async function searchPlaces(query: string, limit = 8): Promise<PlaceAnswer> {
  const { data, error } = await supabase.functions.invoke<{ results: Place[]; addresses?: boolean; error?: string }>("geocode", {
    body: { q: query, limit },
  });
  if (error) throw error;
  return { places: data?.results ?? [], addresses: data?.addresses === true };
}
