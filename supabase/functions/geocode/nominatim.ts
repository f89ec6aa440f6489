// Address search through an OpenStreetMap Nominatim server's documented /search endpoint
// (format=jsonv2, addressdetails=1 for the country code). Set by the operator: docs/geocoding.md.
import type { Place } from './gazetteer.ts';

interface NominatimPlace {
  display_name: string;
  name?: string;
  lat: string;
  lon: string;
  address?: { country_code?: string };
}

export async function searchNominatim(baseUrl: string, query: string, limit: number): Promise<Place[]> {
  const url = new URL(baseUrl);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('addressdetails', '1');
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('q', query);
  // Nominatim's usage policy asks every application to name itself.
  const res = await fetch(url, { headers: { 'user-agent': 'Gather events (geocode function)' } });
  if (!res.ok) throw new Error(`provider answered ${res.status}`);
  const found = (await res.json()) as NominatimPlace[];
  if (!Array.isArray(found)) throw new Error('provider answered something other than a list');
  return found
    .map((p) => ({
      name: p.name || p.display_name.split(',')[0]!.trim(),
      label: p.display_name,
      country: (p.address?.country_code ?? '').toUpperCase(),
      lat: Number(p.lat),
      lng: Number(p.lon),
    }))
    .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng));
}
