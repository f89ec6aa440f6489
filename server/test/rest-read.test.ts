import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startRestServer, type RestServer } from './fixtures/rest-fixture.ts';

let s: RestServer;
beforeAll(async () => {
  s = await startRestServer();
});
afterAll(() => s.stop());

const anon = () => s.anon();

describe(`select grammar (${driverName})`, () => {
  it('reads all columns of a table as Postgres formats them', async () => {
    const { data, error, status } = await anon().from('venues').select().order('id');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { id: 1, name: 'Hall', city: 'Paris', capacity: 100 },
      { id: 2, name: 'Cafe', city: 'Lyon', capacity: 20 },
      { id: 3, name: 'Park', city: null, capacity: null },
    ]);
  });

  it('keeps select order for keys and formats numeric, range, array, tsvector and timestamps in SQL', async () => {
    const res = await s.rest('/events?select=price,id,tags,attendance,starts_at,search&id=eq.1');
    const text = await res.text();
    expect(text.indexOf('"price"')).toBeLessThan(text.indexOf('"id"'));
    expect(JSON.parse(text)).toEqual([
      { price: 5.0, id: 1, tags: ['games', 'social'], attendance: '[10,20)', starts_at: '2026-03-01T19:00:00+00:00', search: "'board':1 'game':2 'night':3" },
    ]);
    expect(text).toContain('"price":5.00');
  });

  it('renames with aliases and casts with ::', async () => {
    const { data } = await anon().from('venues').select('venue:name, size:capacity::text, id::float8').eq('id', 1);
    expect(data).toEqual([{ venue: 'Hall', size: '100', id: 1 }]);
  });

  it('reads JSON paths with -> and ->>, keyed by the last path element', async () => {
    const { data } = await anon().from('profiles').select('username, settings->theme, lang:settings->langs->>0, settings->langs->1').eq('username', 'ada');
    expect(data).toEqual([{ username: 'ada', theme: 'dark', lang: 'en', langs: 'fr' }]);
  });

  it('applies JSON paths to non-JSON columns through to_jsonb', async () => {
    const { data } = await anon().from('events').select('id, first_tag:tags->>0').eq('id', 3);
    expect(data).toEqual([{ id: 3, first_tag: 'outdoor' }]);
  });

  it('selects computed fields by name but not with *', async () => {
    const { data } = await anon().from('events').select('id, title_upper').eq('id', 2);
    expect(data).toEqual([{ id: 2, title_upper: 'CHESS CLUB' }]);
    const all = await anon().from('events').select('*').eq('id', 2).single();
    expect(all.data).not.toHaveProperty('title_upper');
  });

  it('accepts quoted names and whitespace around items', async () => {
    const res = await s.rest('/venues?select=%20%22name%22%20,%20id%20&id=eq.2');
    expect(await res.json()).toEqual([{ name: 'Cafe', id: 2 }]);
  });

  it('answers an unknown column with Postgres 42703 and status 400', async () => {
    const { error, status } = await anon().from('venues').select('nope');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42703', message: 'column venues.nope does not exist' });
  });

  it('answers bad select syntax with PGRST100', async () => {
    const res = await s.rest('/venues?select=id,name(');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'PGRST100', hint: null });
    expect(body.message).toMatch(/failed to parse select parameter \(id,name\(\)/);
    expect(res.headers.get('proxy-status')).toBe('PostgREST; error=PGRST100');
  });
});

describe('filters', () => {
  const ids = async (q: string, init?: Record<string, string>) => {
    const res = await s.rest(`/venues?select=id&order=id${q}`, { headers: init });
    const body = await res.json();
    if (!Array.isArray(body)) throw new Error(JSON.stringify(body));
    return body.map((r: { id: number }) => r.id);
  };

  it.each([
    ['&capacity=eq.20', [2]],
    ['&capacity=neq.20', [1]],
    ['&capacity=gt.20', [1]],
    ['&capacity=gte.20', [1, 2]],
    ['&capacity=lt.100', [2]],
    ['&capacity=lte.100', [1, 2]],
    ['&name=like.*a*', [1, 2, 3]],
    ['&name=like.C%25', [2]],
    ['&name=ilike.h*', [1]],
    ['&name=match.^[CP]', [2, 3]],
    ['&name=imatch.^c', [2]],
    ['&city=is.null', [3]],
    ['&city=is.not_null', [1, 2]],
    ['&city=not.is.null', [1, 2]],
    ['&city=isdistinct.Paris', [2, 3]],
    ['&id=in.(1,3)', [1, 3]],
    ['&id=not.in.(1,3)', [2]],
    ['&id=in.()', []],
    ['&name=in.("Hall","Park")', [1, 3]],
    ['&capacity=eq(any).{20,100}', [1, 2]],
    ['&name=like(any).{H*,P*}', [1, 3]],
    ['&name=ilike(all).{*a*,*l*}', [1]],
    ['&capacity=gt(all).{10,50}', [1]],
    ['&capacity=not.eq(any).{20}', [1]],
    ['&id=gt.1&id=lt.3', [2]],
  ])('%s', async (q, expected) => {
    expect(await ids(q)).toEqual(expected);
  });

  it('supports is.true/false/unknown and is.NULL case-insensitively', async () => {
    const res = await s.rest('/events?select=id&published=is.true&order=id');
    expect((await res.json()).map((r: { id: number }) => r.id)).toEqual([1, 2, 3]);
    expect(await ids('&city=is.NULL')).toEqual([3]);
    const bad = await s.rest('/venues?city=is.nothing');
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('PGRST100');
  });

  it('filters arrays, ranges and JSON with cs, cd, ov, sl, sr, nxr, nxl, adj', async () => {
    const ev = async (q: string) => ((await (await s.rest(`/events?select=id&order=id&${q}`)).json()) as { id: number }[]).map((r) => r.id);
    expect(await ev('tags=cs.{games}')).toEqual([1, 2]);
    expect(await ev('tags=cd.{games,social,x}')).toEqual([1, 2]);
    expect(await ev('tags=ov.{outdoor,x}')).toEqual([3]);
    expect(await ev('details=cs.{"level":"easy"}')).toEqual([1]);
    expect(await ev('attendance=sl.[21,30)')).toEqual([1, 2]);
    expect(await ev('attendance=sr.[1,6)')).toEqual([1]);
    expect(await ev('attendance=nxr.[1,9)')).toEqual([2]);
    expect(await ev('attendance=nxl.[9,12)')).toEqual([1]);
    expect(await ev('attendance=adj.[8,10)')).toEqual([1, 2]);
    expect(await ev('attendance=ov.[6,7)')).toEqual([2]);
  });

  it('filters with full-text search, with and without a config, on tsvector and text columns', async () => {
    const { data } = await anon().from('events').select('id').textSearch('search', 'games & night');
    expect(data).toEqual([{ id: 1 }]);
    const plain = await anon().from('events').select('id').textSearch('search', 'chess club', { type: 'plain', config: 'english' });
    expect(plain.data).toEqual([{ id: 2 }]);
    const phrase = await anon().from('events').select('id').textSearch('title', 'board games', { type: 'phrase', config: 'english' });
    expect(phrase.data).toEqual([{ id: 1 }]);
    const web = await anon().from('events').select('id').textSearch('title', 'picnic or chess', { type: 'websearch' });
    expect(web.data?.map((r) => r.id).sort()).toEqual([2, 3]);
    const negated = await s.rest('/events?select=id&search=not.fts.chess&order=id');
    expect(await negated.json()).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('filters on JSON paths', async () => {
    const res = await s.rest('/events?select=id&details->>level=eq.hard');
    expect(await res.json()).toEqual([{ id: 2 }]);
    const nested = await s.rest('/events?select=id&details->rooms->0=eq.1');
    expect(await nested.json()).toEqual([{ id: 1 }]);
  });

  it('keeps commas, parentheses and quotes inside quoted in-list values', async () => {
    // postgrest-js quotes values holding , ( or ) but does not escape inner quotes.
    const { data } = await anon().from('venues').select('id').in('name', ['Hall', 'x,y', 'a(b)']);
    expect(data).toEqual([{ id: 1 }]);
    const res = await s.rest(`/profiles?select=username&bio=in.(${encodeURIComponent('"Likes \\"quotes\\", commas"')})`);
    expect(await res.json()).toEqual([{ username: 'cy' }]);
  });

  it('combines or/and trees, nested and negated', async () => {
    expect(await ids('&or=(capacity.eq.20,city.is.null)')).toEqual([2, 3]);
    expect(await ids('&and=(capacity.gt.10,city.eq.Paris)')).toEqual([1]);
    expect(await ids('&or=(id.eq.3,and(capacity.gte.20,capacity.lte.50))')).toEqual([2, 3]);
    expect(await ids('&not.or=(id.eq.1,id.eq.2)')).toEqual([3]);
    expect(await ids('&or=(name.in.("Hall","Cafe"),id.eq.3)')).toEqual([1, 2, 3]);
    expect(await ids('&or=(city.eq."Paris",not.and(id.gt.1,capacity.is.null))')).toEqual([1, 2]);
    const { data } = await anon().from('venues').select('id').or('capacity.gt.50,city.eq.Lyon').order('id');
    expect(data).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('filters on array literals inside logic trees', async () => {
    const res = await s.rest('/events?select=id&or=(tags.cs.{outdoor},id.eq.2)&order=id');
    expect(await res.json()).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('ignores empty filter values and answers bad operators with PGRST100', async () => {
    expect(await ids('&capacity=')).toEqual([1, 2, 3]);
    for (const q of ['capacity=noop.1', 'capacity=eq', 'or=(capacity.eq.1', 'capacity=in.1,2', 'and=(a.xx.1)']) {
      const res = await s.rest(`/venues?${q}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).code, q).toBe('PGRST100');
    }
  });

  it('decodes + as a space, as form encoding does', async () => {
    const res = await s.rest('/events?select=id&title=eq.Chess+club');
    expect(await res.json()).toEqual([{ id: 2 }]);
  });
});

describe('order, limit, offset, Range and counts', () => {
  it('orders with direction and nulls placement, on several columns and JSON paths', async () => {
    const v = async (q: string) => ((await (await s.rest(`/venues?select=id&${q}`)).json()) as { id: number }[]).map((r) => r.id);
    expect(await v('order=capacity.desc')).toEqual([3, 1, 2]);
    expect(await v('order=capacity.desc.nullslast')).toEqual([1, 2, 3]);
    expect(await v('order=capacity.asc.nullsfirst')).toEqual([3, 2, 1]);
    expect(await v('order=city.nullsfirst,id.desc')).toEqual([3, 2, 1]);
    const p = await (await s.rest('/profiles?select=username&order=settings->>theme.desc.nullslast')).json();
    expect(p.map((r: { username: string }) => r.username)).toEqual(['bob', 'ada', 'cy']);
    const bad = await s.rest('/venues?order=id.sideways');
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('PGRST100');
  });

  it('pages with range() and sends Content-Range; counts give 206 and exact totals', async () => {
    const { data, count, status } = await anon().from('venues').select('id', { count: 'exact' }).order('id').range(1, 1);
    expect(data).toEqual([{ id: 2 }]);
    expect(count).toBe(3);
    expect(status).toBe(206);
    const res = await s.rest('/venues?select=id&order=id&limit=2&offset=1', { headers: { prefer: 'count=exact' } });
    expect(res.headers.get('content-range')).toBe('1-2/3');
    expect(res.headers.get('preference-applied')).toBe('count=exact');
    expect(res.status).toBe(206);
    const all = await s.rest('/venues?select=id', { headers: { prefer: 'count=exact' } });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-2/3');
    const plain = await s.rest('/venues?select=id&limit=1');
    expect(plain.headers.get('content-range')).toBe('0-0/*');
    const none = await s.rest('/venues?select=id&id=eq.99', { headers: { prefer: 'count=exact' } });
    expect(none.headers.get('content-range')).toBe('*/0');
    const zero = await s.rest('/venues?select=id&limit=0');
    expect(zero.headers.get('content-range')).toBe('*/*');
  });

  it('counts with head requests, planned and estimated counts', async () => {
    const head = await anon().from('venues').select('*', { count: 'exact', head: true });
    expect(head).toMatchObject({ data: null, count: 3, status: 200 });
    const planned = await anon().from('venues').select('*', { count: 'planned', head: true });
    expect(typeof planned.count).toBe('number');
    const estimated = await anon().from('venues').select('*', { count: 'estimated' });
    expect(estimated.count).toBe(3);
  });

  it('answers an offset beyond the total with 416 PGRST103, and a negative limit too', async () => {
    const res = await s.rest('/venues?offset=5', { headers: { prefer: 'count=exact' } });
    expect(res.status).toBe(416);
    expect(await res.json()).toEqual({
      code: 'PGRST103',
      details: 'An offset of 5 was requested, but there are only 3 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    });
    const neg = await s.rest('/venues?limit=-1');
    expect(neg.status).toBe(416);
    expect((await neg.json()).details).toBe('Limit should be greater than or equal to zero.');
  });

  it('honours a Range header on GET, intersected with limit/offset', async () => {
    const res = await s.rest('/venues?select=id&order=id', { headers: { range: '1-5', prefer: 'count=exact' } });
    expect(await res.json()).toEqual([{ id: 2 }, { id: 3 }]);
    expect(res.headers.get('content-range')).toBe('1-2/3');
    const open = await s.rest('/venues?select=id&order=id', { headers: { range: '2-' } });
    expect(await open.json()).toEqual([{ id: 3 }]);
    const bad = await s.rest('/venues', { headers: { range: '3-1' } });
    expect(bad.status).toBe(416);
  });

  it('applies max_rows to the root and every embed', async () => {
    // The setting is read per request; lowering it here avoids a second database. Cluster workers
    // (GATHER_TEST_WORKERS) read their own config, so there it takes a server of its own.
    const t = s.workers > 1 ? await startRestServer({ maxRows: '2' }) : s;
    const saved = s.config.maxRows;
    if (t === s) s.config.maxRows = 2;
    try {
      const res = await t.rest('/events?select=id,rsvps(profile_id)&order=id', { headers: { prefer: 'count=exact' } });
      const body = await res.json();
      expect(body.length).toBe(2);
      expect(body[0].rsvps.length).toBe(2);
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe('0-1/3');
    } finally {
      if (t === s) s.config.maxRows = saved;
      else await t.stop();
    }
  });
});

describe('response shapes and media types', () => {
  it('returns one object for single() and PGRST116 otherwise', async () => {
    const one = await anon().from('venues').select('name').eq('id', 1).single();
    expect(one).toMatchObject({ data: { name: 'Hall' }, status: 200 });
    const many = await anon().from('venues').select('name').single();
    expect(many.status).toBe(406);
    expect(many.error).toEqual({ code: 'PGRST116', details: 'The result contains 3 rows', hint: null, message: 'Cannot coerce the result to a single JSON object' });
    const raw = await s.rest('/venues?id=eq.1', { headers: { accept: 'application/vnd.pgrst.object+json' } });
    expect(raw.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
  });

  it('gives maybeSingle() a plain array to check', async () => {
    const none = await anon().from('venues').select('name').eq('id', 42).maybeSingle();
    expect(none).toMatchObject({ data: null, error: null, status: 200 });
    const one = await anon().from('venues').select('name').eq('id', 2).maybeSingle();
    expect(one.data).toEqual({ name: 'Cafe' });
  });

  it('writes CSV with a header line and Postgres record quoting', async () => {
    const { data, error } = await anon().from('profiles').select('username,bio').order('username').csv();
    expect(error).toBeNull();
    expect(data).toBe('username,bio\nada,"Counts things"\nbob,\ncy,"Likes ""quotes"", commas"');
    const empty = await s.rest('/venues?id=eq.0', { headers: { accept: 'text/csv' } });
    expect(empty.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await empty.text()).toBe('\n');
  });

  it('strips nulls on request', async () => {
    const { data } = await anon().from('venues').select().eq('id', 3).stripNulls();
    expect(data).toEqual([{ id: 3, name: 'Park' }]);
  });

  it('answers GeoJSON without PostGIS, and unknown media types, with 406 PGRST107', async () => {
    const geo = await anon().from('venues').select().geojson();
    expect(geo.status).toBe(406);
    expect(geo.error).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: application/geo+json' });
    const xml = await s.rest('/venues', { headers: { accept: 'application/xml, text/html' } });
    expect(xml.status).toBe(406);
    const any = await s.rest('/venues?id=eq.1', { headers: { accept: 'text/html, */*;q=0.1' } });
    expect(any.status).toBe(200);
  });

  it('formats timestamps in the time zone asked for with Prefer: timezone', async () => {
    const res = await s.rest('/events?select=starts_at&id=eq.1', { headers: { prefer: 'timezone=America/New_York' } });
    expect(await res.json()).toEqual([{ starts_at: '2026-03-01T14:00:00-05:00' }]);
    expect(res.headers.get('preference-applied')).toBe('timezone=America/New_York');
  });

  it('explains the query when db_plan_enabled is set, and refuses the media type otherwise', async () => {
    const off = await anon().from('venues').select().explain();
    expect(off.status).toBe(406);
    await s.sql(`do $$ begin execute format('alter role authenticator in database %I set pgrst.db_plan_enabled = %L', current_database(), 'true'); end $$`);
    try {
      const text = await anon().from('venues').select().explain();
      expect(text.data).toMatch(/^Aggregate {2}\(cost=/);
      const json = await anon().from('venues').select().explain({ format: 'json', analyze: true });
      expect(json.data).toEqual([expect.objectContaining({ Plan: expect.objectContaining({ 'Node Type': 'Aggregate' }) })]);
    } finally {
      await s.sql(`do $$ begin execute format('alter role authenticator in database %I reset pgrst.db_plan_enabled', current_database()); end $$`);
    }
  });

  it('sends Content-Location and Content-Profile', async () => {
    const res = await s.rest('/venues?select=id&id=eq.1');
    expect(res.headers.get('content-location')).toBe('/venues?id=eq.1&select=id');
    expect(res.headers.get('content-profile')).toBe('public');
  });
});

describe('schemas, paths and methods', () => {
  it('switches schema with Accept-Profile and Content-Profile (supabase-js schema())', async () => {
    const { data, error } = await anon().schema('api2').from('items').select();
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, label: 'from api2' }]);
    const res = await s.rest('/items', { headers: { 'accept-profile': 'api2' } });
    expect(res.headers.get('content-profile')).toBe('api2');
    const missing = await s.rest('/items');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.items' in the schema cache" });
  });

  it('refuses unexposed schemas with 406 PGRST106', async () => {
    const res = await s.rest('/users', { headers: { 'accept-profile': 'auth' } });
    expect(res.status).toBe(406);
    expect(await res.json()).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: public, api2, graphql_public',
      message: 'Invalid schema: auth',
    });
  });

  it('suggests a close table name in PGRST205', async () => {
    const res = await s.rest('/venue');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'PGRST205', hint: "Perhaps you meant the table 'public.venues'" });
  });

  it('answers deeper paths with PGRST125 and other methods with PGRST117', async () => {
    expect((await (await s.rest('/venues/1')).json()).code).toBe('PGRST125');
    const other = await s.rest('/venues', { method: 'PROPFIND' });
    expect(other.status).toBe(405);
    expect(await other.json()).toMatchObject({ code: 'PGRST117', message: 'Unsupported HTTP method: PROPFIND' });
  });

  it('answers OPTIONS with the allowed methods', async () => {
    const table = await s.rest('/venues', { method: 'OPTIONS' });
    expect(table.status).toBe(200);
    expect(table.headers.get('allow')).toBe('OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE');
    const view = await s.rest('/event_summaries', { method: 'OPTIONS' });
    expect(view.headers.get('allow')).toBe('OPTIONS,GET,HEAD');
    const fn = await s.rest('/rpc/rename_venue', { method: 'OPTIONS' });
    expect(fn.headers.get('allow')).toBe('OPTIONS,POST');
  });
});
