import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { ADA, BOB, startRestServer, type RestServer } from './fixtures/rest-fixture.ts';

let s: RestServer;
beforeAll(async () => {
  s = await startRestServer();
});
afterAll(() => s.stop());

const anon = () => s.anon();
const json = { 'content-type': 'application/json' };
const venueCount = async () => Number((await s.db.query<{ n: string }>('select count(*)::text as n from public.venues')).rows[0]!.n);

describe(`insert (${driverName})`, () => {
  it('inserts one row: 201, no body, no Prefer echo', async () => {
    const res = await s.rest('/venues', { method: 'POST', headers: json, body: JSON.stringify({ name: 'Loft', city: 'Nantes' }) });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('');
    expect(res.headers.get('content-range')).toBe('*/*');
    expect(res.headers.get('preference-applied')).toBeNull();
    expect(res.headers.get('location')).toBeNull();
    const { data, status } = await anon().from('venues').insert({ name: 'Barn' });
    expect({ data, status }).toEqual({ data: null, status: 201 });
  });

  it('returns the representation, shaped by select with embeds, ordered as asked', async () => {
    const { data, status } = await anon()
      .from('venues')
      .insert([{ name: 'B-side', city: 'Lille' }, { name: 'A-side', city: 'Lille' }])
      .select('name, upcoming_events(id)')
      .order('name');
    expect(status).toBe(201);
    expect(data).toEqual([
      { name: 'A-side', upcoming_events: [] },
      { name: 'B-side', upcoming_events: [] },
    ]);
    const one = await anon().from('venues').insert({ name: 'Solo', capacity: 3 }).select('name, capacity').single();
    expect(one.data).toEqual({ name: 'Solo', capacity: 3 });
  });

  it('fills missing keys of a bulk insert with NULL, or with defaults under missing=default', async () => {
    // Only listed columns (the union of keys) are written; a key missing from one row is NULL there.
    const nulls = await s.service().from('events').insert([{ title: 'N1', price: 9 }, { title: 'N2' }]).select('title, price, published');
    expect(nulls.data).toEqual([
      { title: 'N1', price: 9, published: true },
      { title: 'N2', price: null, published: true },
    ]);
    const defaults = await s
      .service()
      .from('events')
      .insert([{ title: 'D1', price: 9 }, { title: 'D2' }], { defaultToNull: false })
      .select('title, price, published, tags');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([
      { title: 'D1', price: 9, published: true, tags: [] },
      { title: 'D2', price: 0, published: true, tags: [] },
    ]);
    const res = await s.rest('/venues?columns=name,city', {
      method: 'POST',
      headers: { ...json, prefer: 'return=representation, missing=default' },
      body: JSON.stringify([{ name: 'Cols', extra: 'ignored' }]),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('missing=default, return=representation');
    expect((await res.json())[0]).toMatchObject({ name: 'Cols', city: null });
  });

  it('inserts an all-defaults row for {}, and nothing for []', async () => {
    const before = await venueCount();
    const empty = await s.rest('/event_pages', { method: 'POST', headers: { ...json, prefer: 'return=representation' }, body: '[]' });
    expect(empty.status).toBe(201);
    expect(await empty.json()).toEqual([]);
    expect(await venueCount()).toBe(before);
    const tags = await s.rest('/comments', { method: 'POST', headers: json, body: '{}' });
    expect(tags.status).toBe(400); // event_id and body are NOT NULL
    expect((await tags.json()).code).toBe('23502');
  });

  it('reads CSV and form bodies', async () => {
    const csv = await s.rest('/venues', {
      method: 'POST',
      headers: { 'content-type': 'text/csv', prefer: 'return=representation' },
      body: 'name,city,capacity\nCsv One,NULL,5\n"Csv, Two",,NULL',
    });
    expect(csv.status, await csv.clone().text()).toBe(201);
    expect(await csv.json()).toMatchObject([
      { name: 'Csv One', city: null, capacity: 5 },
      { name: 'Csv, Two', city: '', capacity: null },
    ]);
    const form = await s.rest('/venues', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', prefer: 'return=representation' }, body: 'name=Form+Hall&city=Caen' });
    expect(await form.json()).toMatchObject([{ name: 'Form Hall', city: 'Caen' }]);
  });

  it('answers bad bodies and unknown columns with PGRST102 / PGRST204', async () => {
    const cases: [RequestInit, number, string, string][] = [
      [{ body: '{"name":' }, 400, 'PGRST102', 'Empty or invalid json'],
      [{ body: '' }, 400, 'PGRST102', 'Empty or invalid json'],
      [{ body: '[{"name":"a"},{"city":"b"}]' }, 400, 'PGRST102', 'All object keys must match'],
      [{ body: '{"nope":1}' }, 400, 'PGRST204', "Could not find the 'nope' column of 'venues' in the schema cache"],
      [{ body: 'x', headers: { 'content-type': 'application/xml' } }, 400, 'PGRST102', 'Content-Type not acceptable: application/xml'],
    ];
    for (const [init, status, code, message] of cases) {
      const res = await s.rest('/venues', { method: 'POST', headers: json, ...init } as RequestInit & { headers: Record<string, string> });
      expect(res.status, init.body as string).toBe(status);
      expect(await res.json(), init.body as string).toMatchObject({ code, message });
    }
    const cols = await s.rest('/venues?columns=name,nope', { method: 'POST', headers: json, body: '{}' });
    expect((await cols.json()).code).toBe('PGRST204');
  });

  it('sends Location for return=headers-only with one row', async () => {
    const res = await s.rest('/tags', { method: 'POST', headers: { ...json, prefer: 'return=headers-only' }, body: JSON.stringify({ name: 'music & art' }) });
    expect(res.status).toBe(201);
    const { rows } = await s.db.query<{ id: string }>(`select id::text from public.tags where name = 'music & art'`);
    expect(res.headers.get('location')).toBe(`/tags?id=eq.${rows[0]!.id}`);
    expect(res.headers.get('preference-applied')).toBe('return=headers-only');
  });

  it('maps constraint errors: 23505 and 23503 to 409, 23514 to 400', async () => {
    const dup = await anon().from('tags').insert({ name: 'games' });
    expect(dup.status).toBe(409);
    expect(dup.error).toMatchObject({ code: '23505', details: 'Key (name)=(games) already exists.' });
    const fk = await anon().from('event_tags').insert({ event_id: 999, tag_id: 1 });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const check = await anon().from('comments').insert({ event_id: 1, body: '' });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
  });
});

describe('upsert', () => {
  it('merges duplicates: 201 when a row is new, 200 when all existed', async () => {
    const created = await s.rest('/tags', { method: 'POST', headers: { ...json, prefer: 'resolution=merge-duplicates, return=representation' }, body: JSON.stringify({ id: 100, name: 'new-tag' }) });
    expect(created.status).toBe(201);
    expect(created.headers.get('preference-applied')).toBe('resolution=merge-duplicates, return=representation');
    const again = await anon().from('tags').upsert({ id: 100, name: 'renamed-tag' }).select();
    expect(again.status).toBe(200);
    expect(again.data).toEqual([{ id: 100, name: 'renamed-tag' }]);
    const mixed = await anon().from('tags').upsert([{ id: 100, name: 'renamed-again' }, { id: 101, name: 'another' }]).select().order('id');
    expect(mixed.status).toBe(201);
    expect(mixed.data).toEqual([{ id: 100, name: 'renamed-again' }, { id: 101, name: 'another' }]);
  });

  it('ignores duplicates with 201 and an empty representation', async () => {
    const res = await anon().from('tags').upsert({ id: 100, name: 'ignored' }, { ignoreDuplicates: true }).select();
    expect(res).toMatchObject({ status: 201, data: [] });
    const { rows } = await s.db.query<{ name: string }>('select name from public.tags where id = 100');
    expect(rows[0]!.name).toBe('renamed-again');
  });

  it('uses on_conflict for another unique key, and mixes defaults for bulk upserts', async () => {
    const res = await anon().from('tags').upsert({ name: 'games' }, { onConflict: 'name' }).select('name');
    expect(res).toMatchObject({ status: 200, data: [{ name: 'games' }] });
    const bulk = await anon().from('tags').upsert([{ id: 101, name: 'another!' }, { name: 'fresh' }], { defaultToNull: false }).select('name');
    expect(bulk.error).toBeNull();
    expect(bulk.status).toBe(201);
    expect(bulk.data?.map((r) => r.name).sort()).toEqual(['another!', 'fresh']);
  });

  it('upserts one row with PUT, checking the URL against the body', async () => {
    const put = await s.rest('/tags?id=eq.300', { method: 'PUT', headers: { ...json, prefer: 'return=representation' }, body: JSON.stringify({ id: 300, name: 'put-tag' }) });
    expect(put.status).toBe(201);
    const again = await s.rest('/tags?id=eq.300', { method: 'PUT', headers: json, body: JSON.stringify({ id: 300, name: 'put-tag-2' }) });
    expect(again.status).toBe(204);
    const mismatch = await s.rest('/tags?id=eq.300', { method: 'PUT', headers: json, body: JSON.stringify({ id: 301, name: 'x' }) });
    expect(await mismatch.json()).toMatchObject({ code: 'PGRST115' });
    const noPk = await s.rest('/tags?name=eq.x', { method: 'PUT', headers: json, body: JSON.stringify({ id: 1, name: 'x' }) });
    expect(noPk.status).toBe(405);
    expect((await noPk.json()).code).toBe('PGRST105');
    const limited = await s.rest('/tags?id=eq.300&limit=1', { method: 'PUT', headers: json, body: JSON.stringify({ id: 300, name: 'x' }) });
    expect((await limited.json()).code).toBe('PGRST114');
  });
});

describe('update and delete', () => {
  it('updates filtered rows: 204 by default, 200 with the representation, Content-Range with counts', async () => {
    const plain = await s.rest('/venues?name=eq.Loft', { method: 'PATCH', headers: json, body: JSON.stringify({ capacity: 40 }) });
    expect(plain.status).toBe(204);
    expect(plain.headers.get('content-range')).toBe('0-0/*');
    const { data, status, count } = await anon().from('venues').update({ capacity: 41 }, { count: 'exact' }).eq('name', 'Loft').select('name, capacity');
    expect({ data, status, count }).toEqual({ data: [{ name: 'Loft', capacity: 41 }], status: 200, count: 1 });
    const none = await s.rest('/venues?name=eq.Nowhere', { method: 'PATCH', headers: { ...json, prefer: 'count=exact' }, body: JSON.stringify({ capacity: 1 }) });
    expect(none.headers.get('content-range')).toBe('*/0');
    const empty = await s.rest('/venues?name=eq.Loft', { method: 'PATCH', headers: { ...json, prefer: 'return=representation' }, body: '{}' });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual([]);
  });

  it('sets listed columns missing from the body to their defaults under missing=default', async () => {
    const res = await s.rest('/events?columns=title,price&slug=eq.board-games', {
      method: 'PATCH',
      headers: { ...json, prefer: 'missing=default, return=representation', authorization: `Bearer ${s.keys.serviceRoleKey}` },
      body: JSON.stringify({ title: 'Board games night' }),
    });
    expect(res.headers.get('preference-applied')).toBe('missing=default, return=representation');
    expect(await res.json()).toMatchObject([{ title: 'Board games night', price: 0 }]);
  });

  it('updates with or-trees in the WHERE and returns embeds', async () => {
    const { data } = await anon()
      .from('venues')
      .update({ city: 'Rennes' })
      .or('name.eq.A-side,name.eq.B-side')
      .select('name, city, upcoming_events(id)')
      .order('name');
    expect(data).toEqual([
      { name: 'A-side', city: 'Rennes', upcoming_events: [] },
      { name: 'B-side', city: 'Rennes', upcoming_events: [] },
    ]);
  });

  it('deletes filtered rows: 204, or 200 with the deleted rows', async () => {
    const plain = await s.rest('/venues?name=eq.Barn', { method: 'DELETE', headers: { ...json, prefer: 'count=exact' } });
    expect(plain.status).toBe(204);
    expect(plain.headers.get('content-range')).toBe('*/1');
    const { data, status } = await anon().from('venues').delete().in('name', ['A-side', 'B-side']).select('name').order('name');
    expect({ data, status }).toEqual({ data: [{ name: 'A-side' }, { name: 'B-side' }], status: 200 });
  });

  it('refuses more affected rows than max-affected with strict handling, rolling back', async () => {
    const before = await venueCount();
    // maxAffected() is typed for PostgREST 13+ schemas only; the untyped client still sends it.
    type Limited = { maxAffected(n: number): PromiseLike<{ status: number; error: { code: string; message: string; details: string } | null }> };
    const res = await (anon().from('venues').update({ capacity: 1 }).gt('id', 0) as unknown as Limited).maxAffected(1);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint' });
    expect(res.error?.details).toMatch(/^The query affects \d+ rows$/);
    const { rows } = await s.db.query<{ n: string }>('select count(*)::text as n from public.venues where capacity = 1');
    expect(rows[0]!.n).toBe('0');
    const ok = await s.rest('/venues?name=eq.Loft', { method: 'PATCH', headers: { ...json, prefer: 'handling=strict, max-affected=1' }, body: '{"capacity":2}' });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('preference-applied')).toBe('handling=strict, max-affected=1');
    const lenient = await s.rest('/venues?id=gt.0', { method: 'PATCH', headers: { ...json, prefer: 'max-affected=1' }, body: '{"city":"Any"}' });
    expect(lenient.status).toBe(204);
    expect(await venueCount()).toBe(before);
  });

  it('rolls back a singular write that did not touch exactly one row', async () => {
    const res = await anon().from('venues').update({ capacity: 7 }).gt('id', 0).select().single();
    expect(res.status).toBe(406);
    expect(res.error?.code).toBe('PGRST116');
    const { rows } = await s.db.query<{ n: string }>('select count(*)::text as n from public.venues where capacity = 7');
    expect(rows[0]!.n).toBe('0');
  });

  it('ignores tx=rollback unless the database allows the override', async () => {
    const res = await s.rest('/tags', { method: 'POST', headers: { ...json, prefer: 'tx=rollback' }, body: '{"name":"kept"}' });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBeNull();
    expect((await s.db.query(`select 1 from public.tags where name = 'kept'`)).rows.length).toBe(1);
    await s.sql(`do $$ begin execute format('alter role authenticator in database %I set pgrst.db_tx_end = %L', current_database(), 'commit-allow-override'); end $$`);
    try {
      const rolled = await anon().from('tags').insert({ name: 'rolled' }).select('name').rollback();
      expect(rolled).toMatchObject({ status: 201, data: [{ name: 'rolled' }] });
      const raw = await s.rest('/tags', { method: 'POST', headers: { ...json, prefer: 'tx=rollback' }, body: '{"name":"rolled"}' });
      expect(raw.headers.get('preference-applied')).toBe('tx=rollback');
      expect((await s.db.query(`select 1 from public.tags where name = 'rolled'`)).rows.length).toBe(0);
    } finally {
      await s.sql(`do $$ begin execute format('alter role authenticator in database %I reset pgrst.db_tx_end', current_database()); end $$`);
    }
  });

  it('rejects invalid preferences under handling=strict with PGRST122', async () => {
    const res = await s.rest('/venues?id=eq.1', { headers: { prefer: 'handling=strict, bogus=1, count=weird' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'PGRST122',
      details: 'Invalid preferences: bogus=1, count=weird',
      hint: null,
      message: 'Invalid preferences given with handling=strict',
    });
    const lenient = await s.rest('/venues?id=eq.1', { headers: { prefer: 'bogus=1' } });
    expect(lenient.status).toBe(200);
  });
});

describe('row-level security on writes', () => {
  it('lets a host write their own events and refuses others with 403 / anon with 401', async () => {
    const ada = s.as(() => s.userToken(ADA));
    const mine = await ada.from('events').insert({ title: 'Ada party', host_id: ADA }).select('title').single();
    expect(mine).toMatchObject({ status: 201, data: { title: 'Ada party' } });
    const forged = await ada.from('events').insert({ title: 'Forged', host_id: BOB });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "events"' });
    const anonInsert = await anon().from('events').insert({ title: 'Anon', host_id: ADA });
    expect(anonInsert.status).toBe(401);
    expect(anonInsert.error?.code).toBe('42501');
    // Updating someone else's event matches no row under RLS: nothing changes.
    const other = await ada.from('events').update({ title: 'Hijacked' }).eq('slug', 'picnic').select();
    expect(other).toMatchObject({ status: 200, data: [] });
    const del = await ada.from('events').delete().eq('title', 'Ada party').select('title');
    expect(del.data).toEqual([{ title: 'Ada party' }]);
  });
});
