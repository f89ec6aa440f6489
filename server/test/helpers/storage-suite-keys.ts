import { beforeAll, describe, expect, it } from 'vitest';
import type { StorageSuite } from './storage-harness.ts';
import { rawRequest, serviceHeaders, uniqueBucket } from './storage-harness.ts';

/** Keys as they go on the wire (percent-encoded where needed) and the key the server decodes. */
export const BAD_KEYS: [string, string][] = [
  ['a/../../../outside.txt', 'a/../../../outside.txt'],
  ['%2e%2e/%2e%2e/outside.txt', '../../outside.txt'],
  ['..%2F..%2Foutside.txt', '../../outside.txt'],
  ['..', '..'],
  ['a/./b.txt', 'a/./b.txt'],
  ['/etc/passwd', '/etc/passwd'],
  ['a//b.txt', 'a//b.txt'],
  ['dir/', 'dir/'],
  ['nul%00byte.txt', 'nul\0byte.txt'],
  ['ctrl%01char.txt', 'ctrl\x01char.txt'],
  ['new%0Aline.txt', 'new\nline.txt'],
  ['back%5C..%5Cslash.txt', 'back\\..\\slash.txt'],
  ['C:/windows.txt', 'C:/windows.txt'],
  ['%E2%82%AC.txt', '€.txt'],
  [`${'k'.repeat(1025)}`, 'k'.repeat(1025)],
];

/** Names that could escape the storage root or alias another key, on every write path. */
export function keyTests(suite: StorageSuite) {
  describe(`invalid keys and path traversal (${suite.backend})`, () => {
    let bucket: string;
    beforeAll(async () => {
      bucket = uniqueBucket('keys');
      await suite.s.service().storage.createBucket(bucket, { public: true });
      await suite.s.service().storage.from(bucket).upload('inside.txt', 'inside');
    });

    for (const [wire, key] of BAD_KEYS) {
      it(`refuses ${JSON.stringify(key.length > 40 ? `${key.slice(0, 20)}…(${key.length})` : key)} on upload, update and signed upload`, async () => {
        const headers = { ...serviceHeaders(suite.s), 'content-type': 'text/plain' };
        for (const method of ['POST', 'PUT']) {
          const res = await rawRequest(suite.s, method, `/storage/v1/object/${bucket}/${wire}`, { headers, body: 'evil' });
          expect(res.status, `${method} ${wire}`).toBe(400);
          expect(res.json()).toEqual({ statusCode: '400', error: 'InvalidKey', code: 'InvalidKey', message: `Invalid key: ${key}` });
        }
        const sign = await rawRequest(suite.s, 'POST', `/storage/v1/object/upload/sign/${bucket}/${wire}`, { headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
        expect(sign.json()).toMatchObject({ code: 'InvalidKey' });
      });
    }

    it('refuses bad destinations on move and copy', async () => {
      const f = suite.s.service().storage.from(bucket);
      for (const [, key] of BAD_KEYS) {
        expect((await f.move('inside.txt', key)).error, key).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
        expect((await f.copy('inside.txt', key)).error, key).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
      }
      expect(await (await f.download('inside.txt')).data!.text()).toBe('inside');
    });

    it('never serves anything outside the bucket for a traversal path', async () => {
      for (const path of [`${bucket}/../../../etc/passwd`, `${bucket}/%2e%2e/%2e%2e/%2e%2e/etc/passwd`, `%2e%2e/etc/passwd`, `${bucket}/..%2F..%2Fpackage.json`]) {
        for (const route of ['object', 'object/public', 'object/authenticated', 'object/info']) {
          const res = await rawRequest(suite.s, 'GET', `/storage/v1/${route}/${path}`, { headers: serviceHeaders(suite.s) });
          expect(res.status, `${route}/${path}`).not.toBe(200);
          expect(res.text).not.toContain('root:');
        }
      }
    });

    it('refuses bucket names that are path segments', async () => {
      const res = await rawRequest(suite.s, 'POST', '/storage/v1/object/%2e%2e/x.txt', { headers: { ...serviceHeaders(suite.s), 'content-type': 'text/plain' }, body: 'x' });
      expect(res.json()).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
      expect((await suite.s.service().storage.createBucket('.', { public: false })).error).toMatchObject({ message: 'Bucket name invalid' });
    });
  });
}
