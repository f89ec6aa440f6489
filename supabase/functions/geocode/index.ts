// Place search for the event editor and Discover. Offline by default: a bundled gazetteer of
// the world's cities. Set GEOCODE_PROVIDER=nominatim (and optionally GEOCODE_URL) to ask an
// OpenStreetMap Nominatim server, which knows addresses (docs/geocoding.md). Every result carries
// the IANA zone of its point (`timezone`), looked up offline (time-zone.ts, decision 0300).
import { json, preflight } from '../_shared/cors.ts';
import { isObject, methodNotAllowed, readJson } from '../_shared/request.ts';
import cities from './cities.json' with { type: 'json' };
import { searchGazetteer, type GazetteerRow, type Place } from './gazetteer.ts';
import { searchNominatim } from './nominatim.ts';
import { timeZoneAt } from './time-zone.ts';

const provider = Deno.env.get('GEOCODE_PROVIDER') ?? 'gazetteer';
const nominatimUrl = Deno.env.get('GEOCODE_URL') ?? 'https://nominatim.openstreetmap.org/search';

/** A place with the zone its clocks keep. */
const withZone = (place: Place) => ({ ...place, timezone: timeZoneAt(place.lat, place.lng) });

const MAX_QUERY = 200;

/** `{q, limit}` from the JSON body (POST) or the query string (GET); a message when malformed. */
async function readSearch(req: Request): Promise<{ query: string; limit: number } | string> {
  const url = new URL(req.url);
  let q: unknown = url.searchParams.get('q');
  let limit: unknown = url.searchParams.get('limit');
  if (req.method === 'POST') {
    const body = await readJson(req);
    if (!isObject(body)) return 'Send a JSON object: {"q": "a place", "limit": 8}.';
    q = body.q;
    limit = body.limit;
  }
  if (typeof q !== 'string') return 'Type at least 2 characters.';
  const query = q.trim();
  if (query.length < 2) return 'Type at least 2 characters.';
  if (query.length > MAX_QUERY) return `Type at most ${MAX_QUERY} characters.`;
  const n = limit === null || limit === undefined || limit === '' ? 8 : Number(limit);
  if (!Number.isInteger(n) || n < 1 || n > 20) return 'The limit must be a whole number from 1 to 20.';
  return { query, limit: n };
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'GET' && req.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const search = await readSearch(req);
  if (typeof search === 'string') return json({ error: 'invalid_request', message: search, results: [] }, 400);
  const { query, limit } = search;
  if (provider === 'nominatim') {
    try {
      return json({ provider, addresses: true, results: (await searchNominatim(nominatimUrl, query, limit)).map(withZone) });
    } catch (err) {
      // Online search failed (offline, rate-limited): fall back to the bundled cities. The reason
      // is the operator's business (logged), not the caller's.
      console.error('geocode: the provider failed:', (err as Error).message);
      return json({ provider: 'gazetteer', addresses: false, warning: 'Online place search is unavailable; showing cities only.', results: searchGazetteer(cities as GazetteerRow[], query, limit).map(withZone) });
    }
  }
  return json({ provider: 'gazetteer', addresses: false, results: searchGazetteer(cities as GazetteerRow[], query, limit).map(withZone) });
});
