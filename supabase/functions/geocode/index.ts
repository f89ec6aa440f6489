// Place search for the event editor and Discover. Offline by default: a bundled gazetteer of
// the world's cities. Set GEOCODE_PROVIDER=nominatim (and optionally GEOCODE_URL) to ask an
// OpenStreetMap Nominatim server for addresses instead.
import { json, preflight } from '../_shared/cors.ts';
import cities from './cities.json' with { type: 'json' };
import { searchGazetteer, type GazetteerRow, type Place } from './gazetteer.ts';

const provider = Deno.env.get('GEOCODE_PROVIDER') ?? 'gazetteer';
const nominatimUrl = Deno.env.get('GEOCODE_URL') ?? 'https://nominatim.openstreetmap.org/search';

async function nominatim(query: string, limit: number): Promise<Place[]> {
  const url = `${nominatimUrl}?format=jsonv2&limit=${limit}&q=${encodeURIComponent(query)}`;
  const res = await fetch(url, { headers: { 'user-agent': 'Gather events (geocode function)' } });
  if (!res.ok) throw new Error(`provider answered ${res.status}`);
  const found = (await res.json()) as { display_name: string; name?: string; lat: string; lon: string; address?: { country_code?: string } }[];
  return found.map((p) => ({
    name: p.name || p.display_name.split(',')[0]!,
    label: p.display_name,
    country: (p.address?.country_code ?? '').toUpperCase(),
    lat: Number(p.lat),
    lng: Number(p.lon),
  }));
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  const url = new URL(req.url);
  const body = req.method === 'POST' ? ((await req.json().catch(() => ({}))) as { q?: string; limit?: number }) : {};
  const query = (body.q ?? url.searchParams.get('q') ?? '').trim();
  const limit = Math.min(Math.max(Number(body.limit ?? url.searchParams.get('limit') ?? 8) || 8, 1), 20);
  if (query.length < 2) return json({ error: 'Type at least 2 characters.', results: [] }, 400);
  if (provider === 'nominatim') {
    try {
      return json({ provider, results: await nominatim(query, limit) });
    } catch (err) {
      // Online search failed (offline, rate-limited): fall back to the bundled cities.
      return json({ provider: 'gazetteer', warning: (err as Error).message, results: searchGazetteer(cities as GazetteerRow[], query, limit) });
    }
  }
  return json({ provider: 'gazetteer', results: searchGazetteer(cities as GazetteerRow[], query, limit) });
});
