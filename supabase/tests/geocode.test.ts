import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server.ts';
import { startGather, type GatherServer } from './support/gather-server.ts';
import { projectWithEnv } from './support/payments.ts';

// The geocode function through the real server: each result carries the IANA zone of its point
// (`timezone`, decision 0300), offline and from a Nominatim server the operator sets.

type Found = { name: string; label: string; country: string; lat: number; lng: number; timezone: string | null };
type Answer = { provider: string; addresses: boolean; warning?: string; results: Found[] };

let g: GatherServer;
beforeAll(async () => {
  g = await startGather();
});
afterAll(() => g.stop());

describe('geocode offline (the bundled cities)', () => {
  it("gives each city its zone: Tokyo's, Porto's (Lisbon's), São Paulo's, Nairobi's", async () => {
    const zoneOf = async (q: string) => {
      const { data, error } = await g.anon().functions.invoke<Answer>('geocode', { body: { q, limit: 1 } });
      expect(error).toBeNull();
      expect(data!.addresses).toBe(false);
      return data!.results[0]!;
    };
    expect(await zoneOf('Tokyo')).toMatchObject({ name: 'Tokyo', country: 'JP', timezone: 'Asia/Tokyo' });
    expect(await zoneOf('Porto, PT')).toMatchObject({ name: 'Porto', timezone: 'Europe/Lisbon' });
    expect(await zoneOf('São Paulo')).toMatchObject({ country: 'BR', timezone: 'America/Sao_Paulo' });
    expect(await zoneOf('Nairobi')).toMatchObject({ timezone: 'Africa/Nairobi' });
  });

  it('answers GET with zones too, and every zone is one the database knows', async () => {
    const res = await g.fetch('/functions/v1/geocode?q=San&limit=20');
    const { results } = (await res.json()) as Answer;
    expect(results.length).toBe(20);
    const zones = [...new Set(results.map((r) => r.timezone))];
    expect(zones.every((z) => typeof z === 'string')).toBe(true);
    const known = await g.db.query<{ name: string }>('select name from pg_timezone_names where name = any($1)', [zones]);
    expect(known.rows.map((r) => r.name).sort()).toEqual([...zones].sort());
  });
});

/**
 * A Nominatim double: /search as OpenStreetMap's server documents it (format=jsonv2,
 * addressdetails=1; lat/lon as strings), for one address; `fail` makes it answer 503.
 */
async function startNominatimDouble() {
  const seen: URL[] = [];
  const agents: string[] = [];
  let fail = false;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    seen.push(url);
    agents.push(String(req.headers['user-agent']));
    if (fail) {
      res.writeHead(503).end('busy');
      return;
    }
    const body = url.pathname !== '/search' ? [] : [{
      place_id: 1, licence: 'Data © OpenStreetMap contributors, ODbL 1.0.', osm_type: 'node', osm_id: 1,
      lat: '38.7036', lon: '-9.1784', category: 'amenity', type: 'arts_centre', place_rank: 30, importance: 0.3,
      addresstype: 'amenity', name: 'LX Factory',
      display_name: 'LX Factory, 103, Rua Rodrigues de Faria, Alcântara, Lisboa, 1300-501, Portugal',
      address: { amenity: 'LX Factory', house_number: '103', road: 'Rua Rodrigues de Faria', city: 'Lisboa', postcode: '1300-501', country: 'Portugal', country_code: 'pt' },
      boundingbox: ['38.70', '38.71', '-9.18', '-9.17'],
    }];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
  return { url, seen, agents, failing: (v: boolean) => void (fail = v), close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('geocode with a Nominatim server set (GEOCODE_PROVIDER=nominatim, GEOCODE_URL)', () => {
  let nominatim: Awaited<ReturnType<typeof startNominatimDouble>>;
  let project: ReturnType<typeof projectWithEnv>;
  let s: TestServer;
  beforeAll(async () => {
    nominatim = await startNominatimDouble();
    project = projectWithEnv({ GEOCODE_PROVIDER: 'nominatim', GEOCODE_URL: nominatim.url });
    s = await startTestServer({ project: project.dir }, { seed: false });
  });
  afterAll(async () => {
    await s?.stop();
    await nominatim?.close();
    project?.remove();
  });

  it('finds a typed address, with its country and zone, asking as the usage policy says', async () => {
    const res = await s.fetch('/functions/v1/geocode', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ q: 'Rua Rodrigues de Faria 103, Lisboa', limit: 5 }),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Answer;
    expect(answer).toMatchObject({ provider: 'nominatim', addresses: true });
    expect(answer.results).toEqual([{
      name: 'LX Factory', label: 'LX Factory, 103, Rua Rodrigues de Faria, Alcântara, Lisboa, 1300-501, Portugal',
      country: 'PT', lat: 38.7036, lng: -9.1784, timezone: 'Europe/Lisbon',
    }]);
    const asked = nominatim.seen.at(-1)!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ format: 'jsonv2', addressdetails: '1', limit: '5', q: 'Rua Rodrigues de Faria 103, Lisboa' });
    expect(nominatim.agents.at(-1)).toContain('Gather');
  });

  it('falls back to the bundled cities, with zones, when the server fails', async () => {
    nominatim.failing(true);
    try {
      const res = await s.fetch('/functions/v1/geocode?q=Tokyo&limit=1');
      const answer = (await res.json()) as Answer;
      expect(answer).toMatchObject({ provider: 'gazetteer', addresses: false, warning: expect.stringContaining('cities only') });
      expect(answer.results[0]).toMatchObject({ name: 'Tokyo', timezone: 'Asia/Tokyo' });
    } finally {
      nominatim.failing(false);
    }
  });
});
