import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { ADA, startRestServer, type RestServer } from './fixtures/rest-fixture.ts';

let s: RestServer;
beforeAll(async () => {
  s = await startRestServer();
});
afterAll(() => s.stop());

const anon = () => s.anon();
const json = { 'content-type': 'application/json' };

describe(`rpc result shapes (${driverName})`, () => {
  it('returns a scalar as a bare JSON value, by POST and GET', async () => {
    expect(await anon().rpc('add', { a: 2, b: 3 })).toMatchObject({ data: 5, status: 200, error: null });
    expect((await anon().rpc('add', { a: 2 }, { get: true })).data).toBe(3);
    expect((await anon().rpc('greet', { name: 'ada' })).data).toBe('hello ada');
    const res = await s.rest('/rpc/add?a=1&b=1');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.text()).toBe('2');
  });

  it('returns setof scalar as an array and a single composite as an object', async () => {
    expect((await anon().rpc('event_titles')).data).toEqual(['Board games night', 'Chess club', 'Picnic']);
    const first = await anon().rpc('first_event').select('id, title');
    expect(first.data).toEqual({ id: 1, title: 'Board games night' });
  });

  it('returns setof rows and TABLE results as arrays, with filters, order, limit and embeds', async () => {
    const { data } = await anon().rpc('events_in', { city: 'Paris' }).select('title, venues(name)');
    expect(data).toEqual([{ title: 'Board games night', venues: { name: 'Hall' } }]);
    const stats = await anon().rpc('event_stats').gt('going', 1);
    expect(stats.data).toEqual([{ event_id: 1, going: 2 }]);
    const ordered = await anon().rpc('event_stats').order('event_id', { ascending: false }).limit(1);
    expect(ordered.data).toEqual([{ event_id: 3, going: 1 }]);
    const counted = await anon().rpc('event_stats', {}, { count: 'exact' }).range(0, 0);
    expect(counted).toMatchObject({ count: 2, status: 206 });
    const get = await s.rest('/rpc/events_in?city=Lyon&select=id&id=gt.0');
    expect(await get.json()).toEqual([{ id: 2 }]);
  });

  it('answers void functions with 204 and no body, also on GET', async () => {
    expect(await anon().rpc('noop')).toMatchObject({ data: null, status: 204, error: null });
    const res = await s.rest('/rpc/noop');
    expect(res.status).toBe(204);
    expect(res.headers.get('content-type')).toBeNull();
  });

  it('gives a single object or PGRST116 for single()', async () => {
    const ok = await anon().rpc('events_in', { city: 'Lyon' }).select('id').single();
    expect(ok.data).toEqual({ id: 2 });
    const many = await anon().rpc('event_titles').single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
  });

  it('passes a whole JSON body, text/plain body to a single unnamed parameter', async () => {
    expect((await anon().rpc('echo_json', { any: ['thing'] })).data).toEqual({ any: ['thing'] });
    const text = await s.rest('/rpc/echo_text', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'raw text' });
    expect(await text.json()).toBe('raw text');
  });

  it('passes arrays, variadic arguments and defaults', async () => {
    expect((await anon().rpc('array_len', { items: ['a', 'b', 'c'] })).data).toBe(3);
    expect((await anon().rpc('array_len', { items: ['a', 'b'] }, { get: true })).data).toBe(2);
    expect((await anon().rpc('sum_all', { nums: [1, 2, 3] })).data).toBe(6);
    const variadic = await s.rest('/rpc/sum_all?nums=1&nums=2&nums=4');
    expect(await variadic.json()).toBe(7);
  });

  it('resolves overloads by argument names', async () => {
    expect((await anon().rpc('greet', { name: 'bob', punctuation: '!' })).data).toBe('hello bob!');
    expect((await anon().rpc('greet', { name: 'bob' }, { get: true })).data).toBe('hello bob');
  });

  it('answers unknown functions and arguments with PGRST202 and a suggestion', async () => {
    const res = await anon().rpc('gret', { name: 'x' });
    expect(res.status).toBe(404);
    expect(res.error).toEqual({
      code: 'PGRST202',
      details: 'Searched for the function public.gret with parameter name or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.greet',
      message: 'Could not find the function public.gret(name) in the schema cache',
    });
    const args = await anon().rpc('add', { a: 1, c: 2 });
    expect(args.error?.message).toBe('Could not find the function public.add(a, c) in the schema cache');
    expect(args.error?.hint).toBe('Perhaps you meant to call the function public.add(a, b)');
    const none = await s.rest('/rpc/add');
    expect((await none.json()).message).toBe('Could not find the function public.add without parameters in the schema cache');
  });

  it('answers ambiguous overloads with 300 PGRST203', async () => {
    await s.sql(`create function public.pick(x int) returns int language sql as 'select 1';
                 create function public.pick(x text) returns int language sql as 'select 2';
                 grant execute on function public.pick(int), public.pick(text) to anon;`);
    const res = await anon().rpc('pick', { x: 1 });
    expect(res.status).toBe(300);
    expect(res.error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message: 'Could not choose the best candidate function between: public.pick(x => integer), public.pick(x => text)',
    });
  });

  it('runs GET calls read-only (25006 → 405) and volatile POST calls read-write', async () => {
    const get = await s.rest('/rpc/rename_venue?venue=3&new_name=Meadow');
    expect(get.status).toBe(405);
    expect((await get.json()).code).toBe('25006');
    const post = await anon().rpc('rename_venue', { venue: 3, new_name: 'Meadow' });
    expect(post.data).toMatchObject({ id: 3, name: 'Meadow' });
    const bad = await s.rest('/rpc/add', { method: 'PATCH', headers: json, body: '{}' });
    expect(bad.status).toBe(405);
    expect(await bad.json()).toMatchObject({ code: 'PGRST101', message: 'Cannot use the PATCH method on RPC' });
  });

  it('refuses max-affected on non-set functions (PGRST128) and enforces it on sets (PGRST124)', async () => {
    const single = await s.rest('/rpc/add', { method: 'POST', headers: { ...json, prefer: 'handling=strict, max-affected=1' }, body: '{"a":1}' });
    expect((await single.json()).code).toBe('PGRST128');
    const set = await s.rest('/rpc/event_titles', { method: 'POST', headers: { ...json, prefer: 'handling=strict, max-affected=1' }, body: '{}' });
    expect(set.status).toBe(400);
    expect(await set.json()).toMatchObject({ code: 'PGRST124', details: 'The query affects 3 rows' });
  });

  it('sets the request context: role, claims, method, path and search_path', async () => {
    const asAnon = await anon().rpc('whoami');
    expect(asAnon.data).toMatchObject({ role: 'anon', sub: null, method: 'POST', path: '/rpc/whoami', search_path: '"public", "public", "extensions"' });
    const ada = await s.as(() => s.userToken(ADA)).rpc('whoami', {}, { get: true });
    expect(ada.data).toMatchObject({ role: 'authenticated', sub: ADA, method: 'GET' });
    const svc = await s.service().rpc('whoami');
    expect(svc.data).toMatchObject({ role: 'service_role' });
  });

  it('calls functions in another exposed schema with Content-Profile', async () => {
    await s.sql(`create function api2.label(i int) returns text language sql as $$ select label from api2.items where id = i $$;
                 grant execute on function api2.label(int) to anon;`);
    const { data, error } = await anon().schema('api2').rpc('label', { i: 1 });
    expect(error).toBeNull();
    expect(data).toBe('from api2');
  });
});
