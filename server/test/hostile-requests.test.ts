import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { tempDir } from './helpers/storage-harness.ts';
import { startRestServer, type RestServer } from './fixtures/rest-fixture.ts';

// Issue 14, must-fix 1: deeply nested JSON froze the whole server on PGlite. Every API refuses
// it before any database sees it, in its own error shape; a database error raised by deep input
// that does reach Postgres costs that request only. After each case a canary request that makes
// the database raise an error — what never answered again on a broken PGlite — must answer.

let s: RestServer;
beforeAll(async () => {
  s = await startRestServer({ storage: tempDir('gather-hostile-') });
  await s.sql(`create function public.jsonb_kind(text) returns text language sql immutable as $$ select jsonb_typeof($1::jsonb) $$;
               grant execute on function public.jsonb_kind(text) to anon;`);
});
afterAll(() => s?.stop());

const deep = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);
const json = { 'content-type': 'application/json' };
const service = () => ({ apikey: s.keys.serviceRoleKey, authorization: `Bearer ${s.keys.serviceRoleKey}` });

/** Answers, and goes through Postgres's error path and a normal read. */
async function canary(): Promise<void> {
  const bad = await s.rest('/events?id=eq.not-a-number');
  expect(bad.status).toBe(400);
  expect((await bad.json()).code).toBe('22P02');
  const ok = await s.rest('/events?select=id&limit=1');
  expect(ok.status).toBe(200);
}

describe(`deeply nested JSON is refused before the database, in each API's shape (${driverName})`, () => {
  it('REST: RPC arguments, inserts and ?columns= bodies get 400 PGRST102', async () => {
    for (const [path, body] of [
      ['/rpc/echo_json', `{"ids":${deep(10_000)}}`],
      ['/rpc/add', `{"a":${deep(100_000)}}`],
      ['/events', `{"title":${deep(10_000)}}`],
      ['/events?columns=title', `[{"title":${deep(10_000)}}]`],
    ]) {
      const res = await s.rest(path!, { method: 'POST', headers: json, body });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ code: 'PGRST102', details: null, hint: null, message: 'JSON nested deeper than 100 levels' });
      await canary();
    }
  });

  it('REST: nesting up to the limit is still accepted', async () => {
    const res = await s.rest('/rpc/echo_json', { method: 'POST', headers: json, body: `{"a":${deep(99)}}` });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toBe(`{"a":${deep(99)}}`);
  });

  it("auth: GoTrue's 400 bad_json (was 500 unexpected_failure at 100,000 deep)", async () => {
    const res = await s.fetch('/auth/v1/signup', {
      method: 'POST',
      headers: { ...json, apikey: s.keys.anonKey },
      body: `{"email":"deep@example.com","password":"a-long-password","data":{"x":${deep(100_000)}}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, error_code: 'bad_json', msg: 'Could not parse request body as JSON: JSON nested deeper than 100 levels' });
    await canary();
  });

  it("storage: Storage's 400 for a JSON body and for upload metadata", async () => {
    await s.service().storage.createBucket('deep');
    const list = await s.fetch('/storage/v1/object/list/deep', { method: 'POST', headers: { ...json, ...service() }, body: `{"prefix":${deep(10_000)}}` });
    expect(list.status).toBe(400);
    expect(await list.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest', message: 'Body is not valid JSON: JSON nested deeper than 100 levels' });
    const upload = await s.fetch('/storage/v1/object/deep/a.txt', {
      method: 'POST',
      headers: { ...service(), 'content-type': 'text/plain', 'x-metadata': Buffer.from(`{"m":${deep(3_000)}}`).toString('base64') },
      body: 'hello',
    });
    expect(upload.status).toBe(400);
    expect(((await upload.json()) as { message: string }).message).toBe('Invalid metadata: JSON nested deeper than 100 levels');
    await canary();
  });

  it('mail and realtime broadcast: 400 in their shapes', async () => {
    const mail = await s.fetch('/mail/v1/send', { method: 'POST', headers: { ...json, ...service() }, body: `{"to":${deep(10_000)}}` });
    expect(mail.status).toBe(400);
    expect(await mail.json()).toEqual({ error: 'invalid_request', message: 'JSON nested deeper than 100 levels' });
    const broadcast = await s.fetch('/realtime/v1/api/broadcast', {
      method: 'POST',
      headers: { ...json, apikey: s.keys.anonKey },
      body: `{"messages":[{"topic":"t","event":"e","payload":${deep(10_000)}}]}`,
    });
    expect(broadcast.status).toBe(400);
    await canary();
  });
});

describe(`deep input that does reach Postgres costs one request, not the server (${driverName})`, () => {
  // Replacing a broken in-memory instance takes seconds (its files are copied out and reloaded).
  it('a text argument the function parses as 1,000,000-deep jsonb: 500 for it, then everything works', { timeout: 180_000 }, async () => {
    await s.rest('/events', { method: 'POST', headers: { ...json, ...service(), prefer: 'return=minimal' }, body: '{"id":9001,"title":"committed before"}' });
    const res = await s.rest('/rpc/jsonb_kind', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: deep(1_000_000) });
    expect(res.status).toBe(500);
    // PGlite: the stack is exhausted (54001) and the instance replaced; PostgreSQL: "JSON nested too deep" (54000).
    expect((await res.json()).code).toMatch(/^5400[01]$/);
    await canary();
    expect(await (await s.rest('/events?id=eq.9001&select=title')).json()).toEqual([{ title: 'committed before' }]);
    const fine = await s.rest('/rpc/jsonb_kind', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: deep(50) });
    expect(await fine.json()).toBe('array');
  });
});
