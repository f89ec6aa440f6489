import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET } from '../src/config/default-keys.ts';
import { applyMigrations } from '../src/db/migrations.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { tamper } from './helpers/tokens.ts';

// Issue 34, item 2 (decision 0275): pgjwt's API in `extensions` on both drivers, as Supabase's
// Postgres 15 images have it, interoperable with the server's JWTs and a JS JWT library.

const secret = new TextEncoder().encode(DEFAULT_JWT_SECRET);
const ALGS = ['HS256', 'HS384', 'HS512'] as const;
const now = () => Math.floor(Date.now() / 1000);

let server: TestServer;
const dirs: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await server.db.exec(`
    create function public.whoami() returns json language sql stable as $$
      select json_build_object('sub', auth.uid(), 'role', auth.role())
    $$;
    grant execute on function public.whoami() to authenticated;`);
  await server.reloadSchema();
}, 180_000);
afterAll(async () => {
  await server?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await server.db.query<T>(sql, params)).rows[0]!;
}

describe(`pgjwt on ${driverName}`, { timeout: 60_000 }, () => {
  it('is an extension in the extensions schema, its functions callable unqualified as on Supabase', async () => {
    expect(await one(`select extversion, extnamespace::regnamespace::text as schema from pg_extension where extname = 'pgjwt'`)).toEqual({
      extversion: '0.2.0',
      schema: 'extensions',
    });
    // What the projects call: `sign(json, text)` with Supabase's search_path.
    await server.db.transaction(async (tx) => {
      await tx.query(`set local search_path = "$user", public, extensions`);
      const { rows } = await tx.query<{ t: string }>(`select sign('{"sub":"1"}'::json, 'k') as t`);
      expect(decodeJwt(rows[0]!.t)).toEqual({ sub: '1' });
    });
    expect(await one(`select extensions.url_encode('\\xfbff00'::bytea) as e, extensions.url_decode('-_8A') as d`)).toMatchObject({ e: '-_8A' });
    expect(await one(`select extensions.try_cast_double('1.5e3') as a, extensions.try_cast_double('soon') as b`)).toEqual({ a: 1500, b: null });
  });

  for (const alg of ALGS) {
    it(`${alg}: a token signed in SQL verifies with jose, and one jose signs verifies in SQL`, async () => {
      const payload = { sub: 'user-1', role: 'authenticated', exp: now() + 600 };
      const { token } = await one<{ token: string }>(`select extensions.sign($1::json, $2, $3) as token`, [JSON.stringify(payload), DEFAULT_JWT_SECRET, alg]);
      const verified = await jwtVerify(token, secret, { algorithms: [alg] });
      expect(verified.protectedHeader).toEqual({ alg, typ: 'JWT' });
      expect(verified.payload).toEqual(payload);

      const fromJose = await new SignJWT({ sub: 'user-2', n: 1 }).setProtectedHeader({ alg, typ: 'JWT' }).setIssuedAt().setExpirationTime('5m').sign(secret);
      const row = await one<{ header: unknown; payload: { sub: string }; valid: boolean }>(`select * from extensions.verify($1, $2, $3)`, [fromJose, DEFAULT_JWT_SECRET, alg]);
      expect(row.valid).toBe(true);
      expect(row.header).toEqual({ alg, typ: 'JWT' });
      expect(row.payload.sub).toBe('user-2');
      // Verified as another algorithm, the signature does not match.
      const other = ALGS.find((a) => a !== alg)!;
      expect((await one<{ valid: boolean }>(`select valid from extensions.verify($1, $2, $3)`, [fromJose, DEFAULT_JWT_SECRET, other])).valid).toBe(false);
    });
  }

  it('a bad signature, the wrong secret, an expired token or one not yet valid: valid = false', async () => {
    const good = await new SignJWT({ sub: 'a' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
    const verify = async (token: string, key = DEFAULT_JWT_SECRET) =>
      (await one<{ valid: boolean }>(`select valid from extensions.verify($1, $2)`, [token, key])).valid;
    expect(await verify(good)).toBe(true);
    expect(await verify(tamper(good, { sub: 'b' }))).toBe(false);
    expect(await verify(good, 'another-secret-of-at-least-32-characters')).toBe(false);
    const expired = await new SignJWT({ sub: 'a' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(now() - 10).sign(secret);
    expect(await verify(expired)).toBe(false);
    const early = await new SignJWT({ sub: 'a' }).setProtectedHeader({ alg: 'HS256' }).setNotBefore(now() + 600).sign(secret);
    expect(await verify(early)).toBe(false);
  });

  it('an algorithm other than HS256/384/512 is refused by name', async () => {
    await expect(server.db.query(`select extensions.sign('{}'::json, 'k', 'RS256')`)).rejects.toMatchObject({
      code: '22023',
      message: 'unsupported JWT algorithm "RS256"',
    });
  });

  it("the server accepts a token signed in SQL with its JWT secret, and SQL verifies the server's own tokens", async () => {
    const sub = '6a1c5f0e-8a53-4a8e-9a7f-3c2b1d0e9f11';
    const { token } = await one<{ token: string }>(
      `select extensions.sign(json_build_object('sub', $1::text, 'role', 'authenticated', 'aud', 'authenticated', 'exp', extract(epoch from now())::int + 600), $2) as token`,
      [sub, DEFAULT_JWT_SECRET],
    );
    const { data, error } = await server.as(() => token).rpc('whoami');
    expect(error).toBeNull();
    expect(data).toEqual({ sub, role: 'authenticated' });
    const forged = await server.as(() => tamper(token, { sub, role: 'service_role', aud: 'authenticated', exp: now() + 600 })).rpc('whoami');
    expect(forged.status).toBe(401);

    const signUp = await server.anon().auth.signUp({ email: `pgjwt-${Date.now()}@example.com`, password: 'a-long-enough-password' });
    expect(signUp.error).toBeNull();
    const access = signUp.data.session!.access_token;
    const row = await one<{ valid: boolean; sub: string }>(`select valid, payload ->> 'sub' as sub from extensions.verify($1, $2)`, [access, DEFAULT_JWT_SECRET]);
    expect(row).toEqual({ valid: true, sub: signUp.data.user!.id });
  });

  it("a project's migrations create it as on Supabase (plain or `if not exists`) and call sign() unqualified", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gather-pgjwt-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'migrations'));
    writeFileSync(join(dir, 'migrations', '20240101000000_jwt.sql'), `
      create extension if not exists "pgjwt" with schema "extensions";
      create extension pgjwt;
      create function public.service_token() returns text language sql stable as $$
        select sign(json_build_object('role', 'service_role'), 'k')
      $$;
      grant execute on function public.service_token() to service_role;`);
    await applyMigrations(server.db, join(dir, 'migrations'));
    await server.reloadSchema();
    // Called as the app would: through the REST API, whose search_path has `extensions`.
    const { data, error } = await server.service().rpc('service_token');
    expect(error).toBeNull();
    expect(decodeJwt(data as string)).toEqual({ role: 'service_role' });
  });

  it.skipIf(driverName !== 'pglite')('on PGlite it is a real extension: dropped, then created in another schema', async () => {
    await server.db.exec(`drop extension pgjwt cascade; create extension pgjwt with schema public`);
    expect(await one(`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pgjwt'`)).toEqual({ schema: 'public' });
    const { token } = await one<{ token: string }>(`select public.sign('{"a":1}'::json, 'k') as token`);
    expect((await one<{ valid: boolean }>(`select valid from public.verify($1, 'k')`, [token])).valid).toBe(true);
    await server.db.exec(`drop extension pgjwt; create extension pgjwt with schema extensions`);
  });
});
if (driverName !== 'pglite') console.log('pgjwt: drop/create in another schema is PGlite-only: on PostgreSQL without pgjwt installed the server creates the functions itself, under `extensions`');
