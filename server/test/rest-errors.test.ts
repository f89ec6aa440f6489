import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { ADA, BOB, startRestServer, type RestServer } from './fixtures/rest-fixture.ts';

let s: RestServer;
beforeAll(async () => {
  s = await startRestServer({ restStatementTimeoutMs: '300', restMaxBodyBytes: '4096' });
});
afterAll(() => s.stop());

const anon = () => s.anon();
const json = { 'content-type': 'application/json' };

describe(`errors from SQL (${driverName})`, () => {
  it('passes RAISE EXCEPTION through as 400 P0001 with message, detail and hint', async () => {
    const res = await anon().rpc('fail_with', { message: 'Event is full', detail: 'capacity 20', hint: 'Try another date' });
    expect(res.status).toBe(400);
    expect(res.error).toEqual({ code: 'P0001', message: 'Event is full', details: 'capacity 20', hint: 'Try another date' });
  });

  it.each([
    ['PT402', 402],
    ['PT418', 418],
    ['22012', 400],
    ['23505', 409],
    ['42P01', 404],
    ['42883', 404],
    ['25006', 405],
    ['53400', 500],
    ['XX000', 500],
    ['P0002', 500],
    ['28000', 403],
  ])('maps SQLSTATE %s to HTTP %i', async (code, status) => {
    const res = await s.rest(`/rpc/fail_code`, { method: 'POST', headers: json, body: JSON.stringify({ code }) });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ code, message: `custom ${code}` });
    expect(res.headers.get('proxy-status')).toBe(`PostgREST; error=${code}`);
  });

  it('gives full control with RAISE SQLSTATE PGRST, and PGRST121 for bad JSON', async () => {
    const message = JSON.stringify({ code: 'E123', message: 'Payment required', details: 'top up', hint: 'see billing' });
    const detail = JSON.stringify({ status: 402, headers: { 'X-Powered-By': 'Gather' } });
    const res = await s.rest('/rpc/raise_pgrst', { method: 'POST', headers: json, body: JSON.stringify({ message, detail }) });
    expect(res.status).toBe(402);
    expect(res.headers.get('x-powered-by')).toBe('Gather');
    expect(await res.json()).toEqual({ code: 'E123', message: 'Payment required', details: 'top up', hint: 'see billing' });
    const bad = await s.rest('/rpc/raise_pgrst', { method: 'POST', headers: json, body: JSON.stringify({ message: 'not json', detail }) });
    expect(bad.status).toBe(500);
    expect((await bad.json()).code).toBe('PGRST121');
  });

  it('lets SQL override status and headers with response.status / response.headers', async () => {
    const res = await anon().rpc('set_response', { status: '202', headers: '[{"X-Custom":"yes"},{"Cache-Control":"no-store"}]' });
    expect(res.status).toBe(202);
    const raw = await s.rest('/rpc/set_response', { method: 'POST', headers: json, body: JSON.stringify({ status: '203', headers: '[{"X-Custom":"raw"}]' }) });
    expect(raw.headers.get('x-custom')).toBe('raw');
    const badStatus = await anon().rpc('set_response', { status: 'abc', headers: '[]' });
    expect(badStatus.error).toMatchObject({ code: 'PGRST112' });
    const badHeaders = await anon().rpc('set_response', { status: '200', headers: '{"a":1}' });
    expect(badHeaders.error).toMatchObject({ code: 'PGRST111' });
    // A header a function builds from user data cannot split the response (issue 14).
    for (const headers of ['[{"X-Name":"a\\r\\nSet-Cookie: x=1"}]', '[{"Bad Name":"v"}]']) {
      const split = await s.rest('/rpc/set_response', { method: 'POST', headers: json, body: JSON.stringify({ status: '200', headers }) });
      expect(split.status, headers).toBe(500);
      expect((await split.json()).code).toBe('PGRST111');
      expect(split.headers.get('set-cookie')).toBeNull();
    }
  });

  it('answers bad input syntax (22P02) and unknown columns (42703) with 400', async () => {
    const res = await s.rest('/venues?id=eq.abc');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: '22P02', message: 'invalid input syntax for type bigint: "abc"' });
    const col = await s.rest('/venues?nope=eq.1');
    expect((await col.json()).code).toBe('42703');
  });

  it('applies the statement timeout to each request transaction', async () => {
    expect((await anon().rpc('whoami')).data).toMatchObject({ statement_timeout: '300ms' });
    // Settings stored on the role win, as in PostgREST.
    await s.sql(`do $$ begin execute format('alter role anon in database %I set statement_timeout = %L', current_database(), '2s'); end $$`);
    try {
      expect((await anon().rpc('whoami')).data).toMatchObject({ statement_timeout: '2s' });
    } finally {
      await s.sql(`do $$ begin execute format('alter role anon in database %I reset statement_timeout', current_database()); end $$`);
    }
    if (driverName === 'postgres') {
      // PGlite runs in WebAssembly without timers: statement_timeout cannot fire there.
      const slow = await anon().rpc('slow', { seconds: 2 });
      expect(slow.status).toBe(500);
      expect(slow.error).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    }
  });

  it('refuses bodies over the size limit in PostgREST shape', async () => {
    const res = await s.rest('/venues', { method: 'POST', headers: json, body: JSON.stringify({ name: 'x'.repeat(10_000) }) });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('PGRST102');
  });

  it('refuses bad tokens with PostgREST JWT errors', async () => {
    const res = await s.rest('/venues', { headers: { authorization: 'Bearer not-a-jwt' } });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('PGRST301');
  });
});

describe('row-level security and privileges on reads', () => {
  it('filters rows by policy for each caller', async () => {
    const titles = async (client: ReturnType<typeof anon>) => ((await client.from('events').select('title').order('id')).data ?? []).map((r) => r.title);
    expect(await titles(anon())).toEqual(['Board games night', 'Chess club', 'Picnic']);
    expect(await titles(s.as(() => s.userToken(BOB)))).toEqual(['Board games night', 'Chess club', 'Picnic', 'Secret draft']);
    expect(await titles(s.service())).toContain('Secret draft');
  });

  it('returns only the caller’s own notes, and 401 for anon without a grant', async () => {
    const ada = await s.as(() => s.userToken(ADA)).from('notes').select('body');
    expect(ada.data).toEqual([{ body: 'ada private' }]);
    const denied = await anon().from('notes').select('body');
    expect(denied.status).toBe(401);
    expect(denied.error).toMatchObject({ code: '42501', message: 'permission denied for table notes' });
    const res = await s.rest('/notes');
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('hints the GRANT a denied table needs, as Supabase (supautils hint_roles) does', async () => {
    const grant = (what: string) => `Grant the required privileges to the current role with: GRANT ${what} ON public.notes TO anon;`;
    // Straight from the server (supabase-js would also add its own hint when the server gives none).
    const read = await s.rest('/notes?select=body');
    expect(await read.json()).toEqual({ code: '42501', message: 'permission denied for table notes', details: null, hint: grant('SELECT') });
    expect((await anon().from('notes').insert({ body: 'x' })).error?.hint).toBe(grant('INSERT'));
    expect((await anon().from('notes').insert({ body: 'x' }).select()).error?.hint).toBe(grant('SELECT, INSERT'));
    expect((await anon().from('notes').upsert({ id: 1, body: 'x' })).error?.hint).toBe(grant('INSERT, UPDATE'));
    expect((await anon().from('notes').delete().eq('id', 1)).error?.hint).toBe(grant('SELECT, DELETE'));
    // A hint the database gives is kept; a function's 42501 gets none (supautils hints relations only).
    expect((await anon().rpc('fail_with', { message: 'm', detail: 'd', hint: 'own hint' })).error?.hint).toBe('own hint');
  });

  it('answers 403 for an authenticated role without the privilege', async () => {
    await s.sql('revoke select on public.tags from authenticated');
    try {
      const res = await s.as(() => s.userToken(ADA)).from('tags').select();
      expect(res.status).toBe(403);
      expect(res.error?.code).toBe('42501');
      expect(res.error?.hint).toBe('Grant the required privileges to the current role with: GRANT SELECT ON public.tags TO authenticated;');
    } finally {
      await s.sql('grant select on public.tags to authenticated');
    }
  });

  it('inserts with column defaults from auth.uid() and checks them with WITH CHECK', async () => {
    const ada = s.as(() => s.userToken(ADA));
    const ok = await ada.from('notes').insert({ body: 'new note' }).select('body, owner_id').single();
    expect(ok.data).toEqual({ body: 'new note', owner_id: ADA });
    const bad = await ada.from('notes').insert({ body: 'forged', owner_id: BOB });
    expect(bad.status).toBe(403);
  });
});

describe('schema cache', () => {
  it('sees tables and functions created after start (DDL watch and reload on a miss)', async () => {
    await s.db.exec(`create table public.late (id int primary key, note text); grant select on public.late to anon; insert into public.late values (1, 'hi');
                     create function public.late_fn() returns int language sql as 'select 42'; grant execute on function public.late_fn() to anon;`);
    expect((await anon().from('late').select()).data).toEqual([{ id: 1, note: 'hi' }]);
    expect((await anon().rpc('late_fn')).data).toBe(42);
  });

  it('picks up new relationships after NOTIFY pgrst', async () => {
    await s.db.exec(`create table public.late_child (id int primary key, late_id int references public.late (id)); grant select on public.late_child to anon;
                     insert into public.late_child values (10, 1); notify pgrst, 'reload schema';`);
    const { data, error } = await anon().from('late').select('id, late_child(id)');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, late_child: [{ id: 10 }] }]);
  });
});

describe('OpenAPI root', () => {
  it('describes visible tables, their columns and functions in Swagger 2.0', async () => {
    const res = await s.rest('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/openapi+json; charset=utf-8');
    const doc = await res.json();
    expect(doc.swagger).toBe('2.0');
    expect(Object.keys(doc.paths)).toContain('/events');
    expect(Object.keys(doc.paths)).toContain('/rpc/add');
    expect(Object.keys(doc.paths)).not.toContain('/notes');
    expect(doc.definitions.profiles.properties.username).toMatchObject({ type: 'string', format: 'text', description: 'Unique handle' });
    expect(doc.definitions.profiles.properties.id.description).toContain('Primary Key');
    expect(doc.definitions.events.properties.host_id.description).toContain("<fk table='profiles' column='id'/>");
    expect(doc.definitions.profiles.required).toEqual(['id', 'username']);
    expect(doc.paths['/event_summaries'].post).toBeUndefined();
    const spec = await anon().from('venues').select().limit(0);
    expect(spec.error).toBeNull();
  });

  it('serves the document for another schema with Accept-Profile', async () => {
    const doc = await (await s.rest('/', { headers: { 'accept-profile': 'api2' } })).json();
    expect(Object.keys(doc.paths)).toEqual(['/', '/items']);
  });
});
