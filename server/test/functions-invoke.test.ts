import { fileURLToPath } from 'node:url';
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { signToken } from './helpers/tokens.ts';

const PROJECT = fileURLToPath(new URL('./fixtures/functions-project', import.meta.url));

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ project: PROJECT });
  // For the function that calls back into REST: two owners' notes behind RLS.
  await s.db.exec(`
    create table public.fn_notes (id int primary key, owner text not null, body text not null);
    alter table public.fn_notes enable row level security;
    create policy own_notes on public.fn_notes for select using (owner = auth.jwt() ->> 'sub');
    grant select on public.fn_notes to anon, authenticated, service_role;
    insert into public.fn_notes values (1, 'alice', 'alice one'), (2, 'bob', 'bob one'), (3, 'alice', 'alice two');
    notify pgrst, 'reload schema';`);
});
afterAll(() => s?.stop());

interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  contentType: string;
  body: unknown;
}

describe('functions.invoke: bodies, methods, headers', () => {
  it('sends a JSON body and parses the JSON answer', async () => {
    const { data, error } = await s.anon().functions.invoke<Echo>('echo', { body: { a: 1, list: [true, null] } });
    expect(error).toBeNull();
    expect(data!.method).toBe('POST');
    expect(data!.path).toBe('/echo');
    expect(data!.contentType).toBe('application/json');
    expect(data!.body).toEqual({ a: 1, list: [true, null] });
  });

  it('sends text', async () => {
    const { data } = await s.anon().functions.invoke<Echo>('echo', { body: 'plain words' });
    expect(data!.contentType).toBe('text/plain');
    expect(data!.body).toBe('plain words');
  });

  it('sends form data with a file', async () => {
    const form = new FormData();
    form.append('title', 'Picnic');
    form.append('file', new Blob(['file contents'], { type: 'text/plain' }), 'notes.txt');
    const { data, error } = await s.anon().functions.invoke<Echo>('echo', { body: form });
    expect(error).toBeNull();
    expect(data!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(data!.body).toEqual({ title: 'Picnic', file: { name: 'notes.txt', size: 13, text: 'file contents' } });
  });

  it('sends binary and gets binary back, byte for byte', async () => {
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 256);
    const { data, error } = await s.anon().functions.invoke('echo?mirror=raw', { body: new Blob([bytes]) });
    expect(error).toBeNull();
    expect(data).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (data as Blob).arrayBuffer())).toEqual(bytes);
  });

  it.each(['GET', 'PUT', 'PATCH', 'DELETE'] as const)('passes %s, the sub-path and the query through', async (method) => {
    const { data, error } = await s.anon().functions.invoke<Echo>('echo/items/7?sort=asc&x=%20y', { method });
    expect(error).toBeNull();
    expect(data!.method).toBe(method);
    expect(data!.path).toBe('/echo/items/7');
    expect(data!.query).toEqual({ sort: 'asc', x: ' y' });
  });

  it('passes the client headers, and the function answers its own CORS preflight', async () => {
    const { data } = await s.anon().functions.invoke<Echo>('echo', { headers: { 'x-custom': 'yes' }, body: {} });
    expect(data!.headers['x-custom']).toBe('yes');
    expect(data!.headers['x-client-info']).toMatch(/^supabase-js/);
    expect(data!.headers.apikey).toBe(s.keys.anonKey);
    const pre = await s.fetch('/functions/v1/echo', {
      method: 'OPTIONS',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(200);
    expect(await pre.text()).toBe('ok');
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toBe('authorization, x-client-info, apikey, content-type');
  });

  it('streams a response as it is produced (text/event-stream comes back as a stream)', async () => {
    // The function holds its last event back 2 s: a buffered body would arrive all at once after it.
    const { data, error } = await s.anon().functions.invoke('stream?n=4&hold=2000', { method: 'GET' });
    expect(error).toBeNull();
    const reader = (data as Response).body!.getReader();
    const seen: string[] = [];
    const dec = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen.push(dec.decode(value));
    }
    expect(seen.join('')).toBe('data: 0\n\ndata: 1\n\ndata: 2\n\ndata: 3\n\n');
    // The first events were read before the held-back one was produced.
    expect(seen[0]).not.toContain('data: 3');
  });

  it('streams a large request body to the function in chunks', async () => {
    const size = 5 * 1024 * 1024;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= size) return c.close();
        const chunk = new Uint8Array(Math.min(64 * 1024, size - sent)).fill(97);
        sent += chunk.byteLength;
        c.enqueue(chunk);
      },
    });
    const res = await s.fetch('/functions/v1/stream/count', { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(200);
    const { bytes, chunks } = (await res.json()) as { bytes: number; chunks: number };
    expect(bytes).toBe(size);
    expect(chunks).toBeGreaterThan(1);
  });

  it('supports the std serve() template with esm.sh imports, and default-export handlers', async () => {
    const legacy = await s.anon().functions.invoke('legacy-serve');
    expect(legacy.data).toEqual({ legacy: true, hasClient: true });
    const def = await s.anon().functions.invoke('default-export/x', { method: 'GET' });
    expect(def.data).toBe('default export saw /default-export/x');
  });

  it('applies the function’s deno.json import map; a URL import that cannot be fetched is named in BOOT_ERROR', async () => {
    const { data } = await s.anon().functions.invoke('import-map', { method: 'GET' });
    expect(data).toEqual({ mapped: true, cors: '*' });
    const remote = await s.anon().functions.invoke('remote-import', { method: 'GET' });
    const res = (remote.error as FunctionsRelayError).context as Response;
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Worker failed to boot \(please check logs\): cannot load "https:\/\/oak\.invalid\/x\/oak@v12\.6\.1\/mod\.ts": oak\.invalid cannot be reached/);
  });

  it('gives functions the Supabase variables and the project secrets, and nothing of the server', async () => {
    const { data } = await s.anon().functions.invoke<Record<string, unknown>>('env', { method: 'GET' });
    expect(data!.url).toBe(s.url);
    expect(data!.anon).toBe(s.keys.anonKey);
    expect(data!.service).toBe(s.keys.serviceRoleKey);
    expect(data!.greeting).toBe('hello from .env');
    expect(data!.plain).toBe('plain-value');
    expect(data!.home).toBeNull();
    expect(data!.jwtSecret).toBeNull();
    expect(data!.dbUrl === null).toBe(s.db.kind === 'pglite');
    expect(data!.keys).not.toContain('PATH');
  });

  it('answers 404 for an unknown function', async () => {
    const { error } = await s.anon().functions.invoke('nope');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Function not found');
    expect((await s.fetch('/functions/v1/_shared')).status).toBe(404);
  });
});

describe('verify_jwt', () => {
  it('is on by default: no token, a bad token and an expired one get 401 in Supabase’s shape', async () => {
    const none = await s.fetch('/functions/v1/echo', { method: 'POST' });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ msg: 'Error: Missing authorization header' });
    const bad = await s.fetch('/functions/v1/echo', { method: 'POST', headers: { authorization: 'Bearer not.a.jwt' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ msg: 'Invalid JWT' });
    const expired = await signToken({ role: 'authenticated', sub: 'u1' }, { expiresIn: -3600 });
    const old = await s.as(() => expired).functions.invoke('echo', { body: {} });
    expect(((old.error as FunctionsHttpError).context as Response).status).toBe(401);
    const scheme = await s.fetch('/functions/v1/echo', { method: 'POST', headers: { authorization: 'Basic abc' } });
    expect(await scheme.json()).toEqual({ msg: "Error: Auth header is not 'Bearer {token}'" });
  });

  it('accepts the anon key, the service key, a user token, and the new sb_ keys', async () => {
    const user = await signToken({ role: 'authenticated', sub: 'u1' });
    for (const c of [s.anon(), s.service(), s.as(() => user), s.client(s.keys.publishableKey), s.client(s.keys.secretKey)]) {
      const { error } = await c.functions.invoke('echo', { body: {} });
      expect(error).toBeNull();
    }
  });

  it('maps the sb_ keys to the anon and service-role JWTs the function sees', async () => {
    const pub = await s.client(s.keys.publishableKey).functions.invoke<Echo>('echo', { body: {} });
    expect(pub.data!.headers.authorization).toBe(`Bearer ${s.keys.anonKey}`);
    const sec = await s.client(s.keys.secretKey).functions.invoke<Echo>('echo', { body: {} });
    expect(sec.data!.headers.authorization).toBe(`Bearer ${s.keys.serviceRoleKey}`);
  });

  it('lets preflights through without a token', async () => {
    const res = await s.fetch('/functions/v1/echo', { method: 'OPTIONS' });
    expect(res.status).toBe(200);
  });

  it('is off for a function with verify_jwt = false in config.toml', async () => {
    const res = await s.fetch('/functions/v1/public-echo');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authorization: null, apikey: null });
    const garbage = await s.fetch('/functions/v1/public-echo', { headers: { authorization: 'Bearer garbage' } });
    expect(garbage.status).toBe(200);
  });
});

describe('a function calling back into REST', () => {
  it('with the caller’s token: row-level security sees the caller', async () => {
    const alice = await signToken({ role: 'authenticated', sub: 'alice' });
    const { data, error } = await s.as(() => alice).functions.invoke<{ data: unknown }>('rest-call', { method: 'GET' });
    expect(error).toBeNull();
    expect(data!.data).toEqual([
      { id: 1, body: 'alice one' },
      { id: 3, body: 'alice two' },
    ]);
    const anon = await s.anon().functions.invoke<{ data: unknown }>('rest-call', { method: 'GET' });
    expect(anon.data!.data).toEqual([]);
  });

  it('with the service-role key: everything', async () => {
    const alice = await signToken({ role: 'authenticated', sub: 'alice' });
    const { data } = await s.as(() => alice).functions.invoke<{ data: { id: number }[] }>('rest-call?as=service', { method: 'GET' });
    expect(data!.data.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});

describe('failures answered by the runtime', () => {
  it('marks runtime answers with x-relay-error (FunctionsRelayError), not the function’s own answers', async () => {
    const { error } = await s.anon().functions.invoke('boot-fail');
    expect(error).toBeInstanceOf(FunctionsRelayError);
    const res = (error as FunctionsRelayError).context as Response;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
  });
});
