import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/rest/errors/api-error.ts';
import { planRequest, type RestRequest } from '../src/rest/plan/request-plan.ts';
import { cachedRead } from '../src/rest/plan/shape-cache.ts';
import type { RequestPlan } from '../src/rest/plan/types.ts';
import { loadSchemaCache, type SchemaCache } from '../src/rest/schema-cache/schema-cache.ts';
import { callStatements } from '../src/rest/sql/call-statement.ts';
import { mutateStatement } from '../src/rest/sql/mutate-statement.ts';
import { readStatements } from '../src/rest/sql/read-statement.ts';
import { driverName } from './helpers/test-db.ts';
import { startRestServer, type RestServer } from './fixtures/rest-fixture.ts';

let s: RestServer;
let cache: SchemaCache;
beforeAll(async () => {
  s = await startRestServer();
  // Every request rolls back, so random writes over HTTP leave the fixture as it was.
  await s.sql(`do $$ begin execute format('alter role authenticator in database %I set pgrst.db_tx_end = %L', current_database(), 'rollback'); end $$`);
  cache = await loadSchemaCache(s.db, ['public', 'api2', 'graphql_public'], ['public', 'extensions']);
});
afterAll(() => s.stop());

const COLUMNS = ['id', 'name', 'city', 'capacity', 'title', 'tags', 'details', 'settings', 'price', 'status', 'body', 'nope', '*', 'count', 'search'];
const EMBEDS = ['venues', 'comments', 'rsvps', 'profiles', 'tags', 'event_pages', 'going', 'host_profile', 'profiles!events_host_id_fkey', 'nope'];
const OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts', 'eq(any)', 'like(all)', 'fts(english)', 'xx'];
const PUNCT = ['(', ')', ',', '.', ':', '::', '->', '->>', '!', '*', '"', '\\', '{', '}', '[', ']', '%', '+', ' ', '...', 'not.', 'and', 'or', 'inner', 'left'];

/** Fragments of the grammar glued together: mostly near-valid, often broken. */
const token = fc.oneof(fc.constantFrom(...COLUMNS), fc.constantFrom(...EMBEDS), fc.constantFrom(...OPS), fc.constantFrom(...PUNCT), fc.integer({ min: -5, max: 50 }).map(String), fc.string({ maxLength: 4 }));
const fragment = fc.array(token, { maxLength: 12 }).map((t) => t.join(''));
const value = fc.oneof(
  fragment,
  fc.tuple(fc.constantFrom(...OPS), fragment).map(([op, v]) => `${op}.${v}`),
  fc.tuple(fc.constantFrom('not.', ''), fc.constantFrom('in', 'eq(any)', 'cs'), fc.array(fc.string({ maxLength: 5 }), { maxLength: 4 })).map(([n, op, vs]) => `${n}${op}.(${vs.join(',')})`),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const key = fc.oneof(
  fc.constantFrom('select', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'columns', 'on_conflict', 'comments.order', 'comments.limit', 'rsvps.or', 'venues.name'),
  fc.constantFrom(...COLUMNS),
  fc.tuple(fc.constantFrom(...EMBEDS), fc.constantFrom(...COLUMNS)).map(([e, c]) => `${e}.${c}`),
  fc.string({ maxLength: 10 }),
);
const selectValue = fc
  .array(fc.oneof(fc.constantFrom(...COLUMNS), fc.tuple(fc.constantFrom(...EMBEDS), fragment).map(([e, f]) => `${e}(${f})`), fragment), { maxLength: 5 })
  .map((xs) => xs.join(','));
const pairs = fc.array(fc.oneof(fc.tuple(key, value), fc.tuple(fc.constant('select'), selectValue)), { maxLength: 6 });
const rawQuery = fc.oneof(
  pairs.map((ps) => ps.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')),
  fc.string({ maxLength: 40 }),
  fc.array(fc.constantFrom('%', '%zz', '%E0%A4', '+', '&', '=', '%00', 'a', 'select=', 'id=eq.1'), { maxLength: 8 }).map((t) => t.join('')),
);
const path = fc.oneof(
  fc.constantFrom('/venues', '/events', '/profiles', '/rsvps', '/upcoming_events', '/event_summaries', '/rpc/add', '/rpc/greet', '/rpc/event_titles', '/rpc/events_in', '/rpc/echo_json', '/rpc/noop', '/', '/nope', '/rpc/nope'),
  fc.string({ maxLength: 12 }).map((x) => `/${encodeURIComponent(x)}`),
  fc.string({ maxLength: 12 }).map((x) => `/${x}`),
);
const ascii = fc.string({ maxLength: 40 }).map((x) => x.replace(/[^\x20-\x7e]/g, ''));
const headerValue = fc.oneof(
  fc.constantFrom(
    'count=exact', 'count=planned', 'count=estimated', 'return=representation', 'return=minimal', 'return=headers-only', 'resolution=merge-duplicates',
    'resolution=ignore-duplicates', 'missing=default', 'handling=strict', 'max-affected=1', 'tx=rollback', 'timezone=Europe/Paris', 'bogus',
  ),
  ascii,
);
const headers = fc.record(
  {
    prefer: fc.array(headerValue, { maxLength: 4 }).map((xs) => xs.join(', ')),
    accept: fc.oneof(
      fc.constantFrom('application/json', 'application/vnd.pgrst.object+json', 'text/csv', 'application/geo+json', '*/*', 'application/vnd.pgrst.plan+json', 'text/html', 'application/vnd.pgrst.object+json;nulls=stripped'),
      ascii,
    ),
    range: fc.oneof(fc.constantFrom('0-1', '1-', '5-2', 'items=0-0'), ascii),
    'accept-profile': fc.constantFrom('public', 'api2', 'nope'),
    'content-profile': fc.constantFrom('public', 'api2', 'nope'),
    'content-type': fc.constantFrom('application/json', 'text/csv', 'application/x-www-form-urlencoded', 'text/plain', 'application/octet-stream', 'image/png'),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  fc.json({ maxDepth: 2 }),
  fc.constantFrom('{"name":"x"}', '[{"name":"a"},{"name":"b"}]', '[]', '{}', '{"a":1}', 'name,city\nx,y', 'name=x', '', 'null', '[1,2]', '{"nope":1}'),
  fc.string({ maxLength: 30 }),
);
const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS');
const request = fc.record({ method, path, query: rawQuery, headers, body });

function statementsOf(plan: RequestPlan): unknown {
  switch (plan.kind) {
    case 'read':
      return readStatements(plan, 1000);
    case 'mutate':
      return mutateStatement(plan);
    case 'call':
      return callStatements(plan);
    default:
      return plan;
  }
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Whether a client's URL parser keeps `path` under /rest/v1: it resolves dot segments ("/..") first. */
function staysInRest(path: string): boolean {
  try {
    return new URL(`http://h/rest/v1${path}`).pathname.startsWith('/rest/v1/');
  } catch {
    return false;
  }
}

/** A valid answer, or an error in PostgREST's shape with a 3xx/4xx status — never a throw. */
function checkInProcess(req: RestRequest): boolean {
  try {
    statementsOf(planRequest({ cache, maxRows: 1000 }, req));
    return true;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const b = err.body();
    return err.status >= 300 && err.status < 500 && typeof b.code === 'string' && typeof b.message === 'string' && 'details' in b && 'hint' in b;
  }
}

/** GET/HEAD reads whose filters vary only in their values: the same shape with two sets of values. */
const FILTER_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch', 'isdistinct', 'cs', 'cd', 'ov', 'sl', 'adj', 'not.eq', 'like', 'in', 'is', 'fts'];
const filterValue = fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -3, max: 30 }).map(String), fc.constantFrom('', '(', '{1,2}', 'a,b', '\uE0000\uE000', '%00', 'null'));
const shapeFilter = fc.tuple(
  fc.oneof({ weight: 12, arbitrary: fc.constantFrom('id', 'name', 'city', 'capacity', 'title', 'status', 'nope') }, fc.constantFrom('comments.id', 'details->>a', 'limit', 'select')),
  fc.constantFrom(...FILTER_OPS),
);
const shapeRequest = fc.record({
  method: fc.constantFrom('GET', 'HEAD'),
  path: fc.constantFrom('/venues', '/venues', '/events', '/events', '/profiles', '/rsvps', '/upcoming_events', '/event_summaries', '/nope'),
  select: fc.option(fc.oneof({ weight: 1, arbitrary: selectValue }, { weight: 8, arbitrary: fc.constantFrom('*', 'id,name', 'id,venues(name)', 'title,comments(id,body)') }), { nil: undefined }),
  filters: fc.array(shapeFilter, { maxLength: 4 }),
  values: fc.tuple(fc.array(filterValue, { minLength: 4, maxLength: 4 }), fc.array(filterValue, { minLength: 4, maxLength: 4 })),
  extra: fc.array(fc.constantFrom('order=id.desc', 'limit=2', 'offset=1', 'comments.limit=1', 'or=(id.eq.1,id.eq.2)'), { maxLength: 2 }),
  headers: fc.record(
    {
      prefer: fc.constantFrom('count=exact', 'count=exact', 'count=planned', 'timezone=Europe/Paris', 'handling=strict, bogus', ''),
      accept: fc.constantFrom('application/json', 'application/json', 'application/vnd.pgrst.object+json', 'text/csv', 'application/vnd.pgrst.plan+json', '*/*'),
      range: fc.constantFrom('0-1', '1-', '1-', '5-2'),
      'accept-profile': fc.constantFrom('public', 'public', 'public', 'api2', 'nope'),
    },
    { requiredKeys: [] },
  ),
});

/** What a read answers with: its statement and every plan field the response uses. */
function readOutcome(plan: RequestPlan, main: { sql: string; params: unknown[] }): unknown {
  if (plan.kind !== 'read') return plan.kind;
  const { root, table, ...rest } = plan;
  return { ...rest, table: table.name, offset: root.offset, limit: root.limit, main };
}

function directRead(req: RestRequest): unknown {
  try {
    const plan = planRequest({ cache, maxRows: 1000 }, req);
    return plan.kind === 'read' ? readOutcome(plan, readStatements(plan, 1000).main) : plan.kind;
  } catch (err) {
    if (err instanceof ApiError) return 'error';
    throw err;
  }
}

describe(`random and malformed requests (${driverName})`, () => {
  it('never crash the parser and planner (10,000 cases, in process)', () => {
    fc.assert(
      fc.property(request, (r) => checkInProcess({ method: r.method, path: r.path, query: r.query, headers: r.headers, body: r.method === 'GET' ? undefined : r.body })),
      { numRuns: 10_000 },
    );
  });

  it('answers reads from the shape cache exactly as planning each one does (2,000 shapes, two sets of values each)', () => {
    let compared = 0;
    fc.assert(
      fc.property(shapeRequest, (r) => {
        for (const values of r.values) {
          const pairs: [string, string][] = r.filters.map(([col, op], i) => [col, `${op}.${values[i]}`]);
          if (r.select !== undefined) pairs.unshift(['select', r.select]);
          const query = [new URLSearchParams(pairs).toString(), ...r.extra].filter(Boolean).join('&');
          const req: RestRequest = { method: r.method, path: r.path, query, headers: r.headers };
          const cached = cachedRead({ cache, maxRows: 1000 }, req);
          if (!cached) continue; // not cacheable: planned as usual
          expect(readOutcome(cached.plan, { sql: cached.main.sql, params: cached.main.params ?? [] })).toEqual(directRead(req));
          compared++;
        }
        return true;
      }),
      { numRuns: 2_000 },
    );
    // Most generated shapes are valid reads: the comparison must have run on them.
    expect(compared).toBeGreaterThan(400);
  });

  it('never get a 5xx over HTTP (sample)', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const init: RequestInit = { method: r.method, headers: { apikey: s.keys.anonKey, ...r.headers } };
        if (r.method !== 'GET' && r.method !== 'HEAD') init.body = r.body;
        // A path that is not valid percent-encoding is refused by Fastify's router before any
        // module sees it (400 FST_ERR_BAD_URL); the in-process run covers those paths. One whose
        // dot segments leave /rest/v1 ("/..") never reaches the REST API: the gateway's 404 has
        // only a message, as Supabase's does.
        const path = decodes(r.path) && staysInRest(r.path) ? r.path : '/venues';
        const url = `${s.url}/rest/v1${path}${r.query ? `?${r.query}` : ''}`;
        let res: Response;
        try {
          res = await fetch(url, init);
        } catch {
          return true; // the client refused to send it (invalid URL or header): nothing reached the server
        }
        const text = await res.text();
        // Writing to a view Postgres cannot update is 55000, which PostgREST (and we) answer
        // with 500; it is the one 5xx a client can cause, and it is not a syntax problem.
        const viewWrite = res.status === 500 && JSON.parse(text).code === '55000';
        if (res.status >= 500 && !viewWrite) throw new Error(`${res.status} for ${r.method} ${url}: ${text}`);
        if (res.status >= 400 && text) {
          const b = JSON.parse(text) as Record<string, unknown>;
          expect(Object.keys(b).sort()).toEqual(['code', 'details', 'hint', 'message']);
        }
        return true;
      }),
      { numRuns: 400 },
    );
  });
});
