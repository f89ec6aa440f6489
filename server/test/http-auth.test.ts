import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { driverName } from './helpers/test-db.ts';
import { signToken, tamper, unsignedToken } from './helpers/tokens.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  // Visible to service_role only: whether it appears in the OpenAPI root tells who we are.
  await s.db.exec(`create table public.secrets (id int); grant select on public.secrets to service_role;
                   create table public.open_notes (id int); grant select on public.open_notes to anon, authenticated, service_role;`);
});
afterAll(() => s.stop());

async function rootAs(headers: Record<string, string>) {
  const res = await s.fetch('/rest/v1/', { headers });
  const body = (await res.json()) as { paths?: Record<string, unknown>; code?: string; message?: string };
  return { res, body, tables: Object.keys(body.paths ?? {}).filter((p) => p !== '/') };
}

describe(`keys and tokens to roles (${driverName})`, () => {
  it('treats a request without any key as anon, as the local Supabase stack does', async () => {
    const { res, tables } = await rootAs({});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/openapi+json; charset=utf-8');
    expect(tables).toEqual(['/open_notes']);
  });

  it('maps the anon key, the publishable key and the service keys', async () => {
    expect((await rootAs({ apikey: s.keys.anonKey })).tables).toEqual(['/open_notes']);
    expect((await rootAs({ apikey: s.keys.anonKey, authorization: `Bearer ${s.keys.anonKey}` })).tables).toEqual(['/open_notes']);
    expect((await rootAs({ apikey: s.keys.publishableKey, authorization: `Bearer ${s.keys.publishableKey}` })).tables).toEqual(['/open_notes']);
    expect((await rootAs({ apikey: s.keys.serviceRoleKey, authorization: `Bearer ${s.keys.serviceRoleKey}` })).tables).toEqual(['/open_notes', '/secrets']);
    expect((await rootAs({ apikey: s.keys.secretKey })).tables).toEqual(['/open_notes', '/secrets']);
    expect((await rootAs({ apikey: s.keys.secretKey, authorization: `Bearer ${s.keys.secretKey}` })).tables).toEqual(['/open_notes', '/secrets']);
  });

  it('runs a user token as its role', async () => {
    const user = await signToken({ sub: '00000000-0000-0000-0000-000000000001', role: 'authenticated', aud: 'authenticated' });
    const { res, tables } = await rootAs({ apikey: s.keys.anonKey, authorization: `Bearer ${user}` });
    expect(res.status).toBe(200);
    expect(tables).toEqual(['/open_notes']);
  });

  const bad: [string, () => Promise<string> | string, number, string, RegExp][] = [
    ['an expired token', () => signToken({ role: 'authenticated' }, { expiresIn: -120 }), 401, 'PGRST303', /JWT expired/],
    ['a tampered token', async () => tamper(await signToken({ role: 'authenticated' }), { role: 'service_role' }), 401, 'PGRST301', /cryptographic/],
    ['alg none', () => unsignedToken({ role: 'service_role' }), 401, 'PGRST301', /wrong key type|cryptographic|decoded/],
    ['HS512 with the right secret', () => signToken({ role: 'service_role' }, { alg: 'HS512' }), 401, 'PGRST301', /wrong key type/],
    ['another secret', () => signToken({ role: 'service_role' }, { key: new TextEncoder().encode('z'.repeat(40)) }), 401, 'PGRST301', /cryptographic/],
    ['garbage', () => 'not-a-jwt', 401, 'PGRST301', /Expected 3 parts in JWT; got 1/],
    ['an unknown role', () => signToken({ role: 'postgres' }), 401, '22023', /role "postgres" does not exist/],
    ['an unknown sb_ key', () => 'sb_secret_guessed', 401, 'PGRST301', /Invalid API key/],
  ];
  for (const [what, make, status, code, message] of bad) {
    it(`refuses ${what} with PostgREST's 401`, async () => {
      const token = await make();
      const { res, body } = await rootAs({ apikey: s.keys.anonKey, authorization: `Bearer ${token}` });
      expect(res.status).toBe(status);
      expect(body.code).toBe(code);
      expect(body.message).toMatch(message);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
      expect(res.headers.get('proxy-status')).toBe(`PostgREST; error=${code}`);
    });
  }
});

describe('http basics', () => {
  it('answers CORS preflight as the Supabase gateway does', async () => {
    const res = await s.fetch('/rest/v1/events', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-custom' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/apikey.*x-custom/);
    const get = await s.fetch('/rest/v1/', { headers: { origin: 'http://localhost:5173' } });
    expect(get.headers.get('access-control-expose-headers')).toContain('content-range');
  });

  it('gives each request an id, keeping a sane one from the caller', async () => {
    const a = await s.fetch('/rest/v1/');
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const b = await s.fetch('/rest/v1/', { headers: { 'x-request-id': 'trace-123' } });
    expect(b.headers.get('x-request-id')).toBe('trace-123');
    const c = await s.fetch('/rest/v1/', { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(c.headers.get('x-request-id')).not.toContain(' ');
  });

  it('answers unknown REST paths in PostgREST shape and other paths with JSON 404', async () => {
    const rest = await s.fetch('/rest/v1/a/b/c');
    expect(rest.status).toBe(404);
    expect(await rest.json()).toMatchObject({ code: 'PGRST125' });
    const other = await s.fetch('/nowhere', { headers: { accept: 'text/html' } });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: 'Not found' });
  });

  it('answers undecodable paths with 400 in the shape of the API they were meant for', async () => {
    const rest = await s.fetch('/rest/v1/events%zz');
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ code: 'PGRST100', details: null, hint: null });
    const storage = await s.fetch('/storage/v1/object/public/avatars/%zz');
    expect(storage.status).toBe(400);
    expect(await storage.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    const auth = await s.fetch('/auth/v1/%zz');
    expect(await auth.json()).toMatchObject({ code: 400, error_code: 'validation_failed' });
  });
});
