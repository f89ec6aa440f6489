import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET } from '../../src/config/default-keys.ts';
import { urlSigningKey } from '../../src/storage/signed-urls.ts';
import type { StorageSuite } from './storage-harness.ts';
import { uniqueBucket } from './storage-harness.ts';

const secret = new TextEncoder().encode(DEFAULT_JWT_SECRET);

/** A token as the server would sign it, but with any claims and expiry (negative = expired). */
function forgeToken(claims: Record<string, unknown>, expiresIn: number, key = urlSigningKey(secret)): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now - 120).setExpirationTime(now + expiresIn).sign(key);
}

/** Signed download and upload URLs: use, expiry, and every misuse the tokens must refuse. */
export function signedUrlTests(suite: StorageSuite) {
  describe(`signed URLs (${suite.backend})`, () => {
    let bucket: string;
    beforeAll(async () => {
      bucket = uniqueBucket('sign');
      const sb = suite.s.service();
      await sb.storage.createBucket(bucket, { public: false });
      await sb.storage.from(bucket).upload('secret/a.txt', 'object A', { contentType: 'text/plain' });
      await sb.storage.from(bucket).upload('secret/b.txt', 'object B', { contentType: 'text/plain' });
    });

    it('creates a signed URL anyone can download with until it expires', async () => {
      const { data, error } = await suite.s.service().storage.from(bucket).createSignedUrl('secret/a.txt', 60);
      expect(error).toBeNull();
      expect(data!.signedUrl).toMatch(new RegExp(`^${suite.s.url}/storage/v1/object/sign/${bucket}/secret/a\\.txt\\?token=`));
      const res = await fetch(data!.signedUrl);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('object A');
      expect(res.headers.get('cache-control')).toBeNull();
      expect(new Date(res.headers.get('expires')!).getTime()).toBeGreaterThan(Date.now());
      const dl = await suite.s.service().storage.from(bucket).createSignedUrl('secret/a.txt', 60, { download: 'mine.txt' });
      expect((await fetch(dl.data!.signedUrl)).headers.get('content-disposition')).toContain('filename=mine.txt');
    });

    it('signs several paths, reporting the missing ones in place', async () => {
      const { data, error } = await suite.s.service().storage.from(bucket).createSignedUrls(['secret/b.txt', 'secret/none.txt', 'secret/a.txt'], 60);
      expect(error).toBeNull();
      expect(data!.map((d) => [d.path, d.error])).toEqual([
        ['secret/b.txt', null],
        ['secret/none.txt', 'Either the object does not exist or you do not have access to it'],
        ['secret/a.txt', null],
      ]);
      expect(await (await fetch(data![0]!.signedUrl!)).text()).toBe('object B');
      expect(data![1]!.signedUrl).toBeNull();
    });

    it('refuses to sign a missing object, and a bad expiresIn', async () => {
      const f = suite.s.service().storage.from(bucket);
      expect((await f.createSignedUrl('secret/none.txt', 60)).error).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
      expect((await f.createSignedUrl('secret/a.txt', 0)).error).toMatchObject({ statusCode: '400' });
    });

    const signedGet = (path: string, token: string) => suite.s.fetch(`/storage/v1/object/sign/${bucket}/${path}?token=${token}`);

    it('refuses an expired token, a tampered one and one signed with the auth secret', async () => {
      const expired = await forgeToken({ url: `${bucket}/secret/a.txt`, scope: 'download' }, -60);
      let res = await signedGet('secret/a.txt', expired);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: '"exp" claim timestamp check failed' });
      const good = (await suite.s.service().storage.from(bucket).createSignedUrl('secret/a.txt', 60)).data!.signedUrl;
      const token = new URL(good).searchParams.get('token')!;
      const [h, , sig] = token.split('.');
      const forged = `${h}.${Buffer.from(JSON.stringify({ url: `${bucket}/secret/b.txt`, scope: 'download', exp: 9e9 })).toString('base64url')}.${sig}`;
      res = await signedGet('secret/b.txt', forged);
      expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });
      // The project JWT secret itself does not sign URLs (a separate, derived key does).
      res = await signedGet('secret/a.txt', await forgeToken({ url: `${bucket}/secret/a.txt`, scope: 'download' }, 60, secret));
      expect(await res.json()).toMatchObject({ code: 'InvalidJWT', message: 'signature verification failed' });
    });

    it('binds a token to its object and to its operation', async () => {
      const good = (await suite.s.service().storage.from(bucket).createSignedUrl('secret/a.txt', 60)).data!.signedUrl;
      const token = new URL(good).searchParams.get('token')!;
      let res = await signedGet('secret/b.txt', token);
      expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature', message: 'Invalid signature' });
      // A download token cannot upload.
      res = await suite.s.fetch(`/storage/v1/object/upload/sign/${bucket}/secret/a.txt?token=${token}`, { method: 'PUT', body: 'overwrite!', headers: { 'content-type': 'text/plain' } });
      expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature', message: 'Token is not scoped for upload' });
      // An upload token cannot download.
      const up = await suite.s.service().storage.from(bucket).createSignedUploadUrl('secret/new.txt');
      res = await signedGet('secret/new.txt', up.data!.token);
      expect(await res.json()).toMatchObject({ code: 'InvalidSignature', message: 'Token is not scoped for download' });
      expect(await (await suite.s.service().storage.from(bucket).download('secret/a.txt')).data!.text()).toBe('object A');
    });

    it('uploads through a signed upload URL without a JWT, once, or again with upsert', async () => {
      const sb = suite.s.service();
      const { data, error } = await sb.storage.from(bucket).createSignedUploadUrl('drop/box.txt');
      expect(error).toBeNull();
      expect(data!.signedUrl).toContain(`/storage/v1/object/upload/sign/${bucket}/drop/box.txt?token=`);
      const anon = suite.s.anon().storage.from(bucket);
      expect(await anon.uploadToSignedUrl('drop/box.txt', data!.token, 'dropped', { contentType: 'text/plain' })).toEqual({
        data: { path: 'drop/box.txt', fullPath: `${bucket}/drop/box.txt` },
        error: null,
      });
      expect(await (await sb.storage.from(bucket).download('drop/box.txt')).data!.text()).toBe('dropped');
      const twice = await anon.uploadToSignedUrl('drop/box.txt', data!.token, 'again');
      expect(twice.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
      const upsert = await sb.storage.from(bucket).createSignedUploadUrl('drop/box.txt', { upsert: true });
      expect((await anon.uploadToSignedUrl('drop/box.txt', upsert.data!.token, 'replaced')).error).toBeNull();
      expect(await (await sb.storage.from(bucket).download('drop/box.txt')).data!.text()).toBe('replaced');
      // Bound to its path: the same token cannot write elsewhere.
      const elsewhere = await anon.uploadToSignedUrl('drop/other.txt', upsert.data!.token, 'x');
      expect(elsewhere.error).toMatchObject({ code: 'InvalidSignature' });
      const expired = await forgeToken({ url: `${bucket}/drop/late.txt`, scope: 'upload', upsert: false }, -5);
      expect((await anon.uploadToSignedUrl('drop/late.txt', expired, 'x')).error).toMatchObject({ code: 'InvalidJWT' });
    });
  });
}
