import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../supabase/seed-media/png.ts';
import { tempDir } from './helpers/storage-harness.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// What the fuzz suites (fuzz-http, fuzz-realtime) found, one focused test each: every one of
// these answered 500 before its fix.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ storage: tempDir('gather-fuzz-findings-') });
  await s.service().storage.createBucket('found', { public: true });
  await s.service().storage.from('found').upload('pic.png', solidPng(8, 8, [1, 2, 3]), { contentType: 'image/png' });
});
afterAll(() => s?.stop());

const service = () => ({ apikey: s.keys.anonKey, authorization: `Bearer ${s.keys.serviceRoleKey}` });

describe(`fuzz findings (${driverName})`, () => {
  it('auth: a NUL character in any field is 400 validation_failed (was 500 unexpected_failure)', async () => {
    for (const [path, body] of [
      ['/auth/v1/token?grant_type=password', '{"email":"\\u0000","password":"a-long-password"}'],
      ['/auth/v1/signup', '{"email":"nul@example.com","password":"a-long-password","data":{"name":"a\\u0000b"}}'],
      ['/auth/v1/otp', '{"email":"nul\\u0000@example.com"}'],
    ] as const) {
      const res = await s.fetch(path, { method: 'POST', headers: { apikey: s.keys.anonKey, 'content-type': 'application/json' }, body });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Request body contains a NUL character (\\u0000), which no field may hold' });
    }
    const form = await s.fetch('/auth/v1/token?grant_type=password', { method: 'POST', headers: { apikey: s.keys.anonKey, 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a%00&password=x' });
    expect(form.status).toBe(400);
  });

  it('storage: %00 in an object path is 400 InvalidKey for signing, renders and downloads (was 500)', async () => {
    const sign = await s.fetch('/storage/v1/object/sign/found/%00.txt', { method: 'POST', headers: { ...service(), 'content-type': 'application/json' }, body: '{"expiresIn":60}' });
    expect(sign.status).toBe(400);
    expect(await sign.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey', message: 'Invalid key: \u0000.txt' });
    for (const path of ['/storage/v1/render/image/public/found/%00.png?width=4', '/storage/v1/object/public/found/a%00b', '/storage/v1/object/info/public/found/%00']) {
      const res = await s.fetch(path, { headers: service() });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe("InvalidKey");
    }
    // The real object is still served.
    expect((await s.fetch('/storage/v1/object/public/found/pic.png')).status).toBe(200);
  });

  it('storage: a NUL inside a JSON body that reaches Postgres is 400 InvalidRequest', async () => {
    const res = await s.fetch('/storage/v1/object/list/found', { method: 'POST', headers: { ...service(), 'content-type': 'application/json' }, body: '{"prefix":"a\\u0000"}' });
    expect(res.status).toBeLessThan(500);
    const sign = await s.fetch('/storage/v1/object/sign/found', { method: 'POST', headers: { ...service(), 'content-type': 'application/json' }, body: '{"expiresIn":60,"paths":["\\u0000"]}' });
    expect(sign.status).toBeLessThan(500);
  });
});
