import { beforeAll, describe, expect, it } from 'vitest';
import type { StorageSuite } from './storage-harness.ts';
import { fetchObject, uniqueBucket } from './storage-harness.ts';

const BYTES = Buffer.from('0123456789abcdefghij'); // 20 bytes

/** download, Range, ETag/304, headers, public URLs, HEAD, info and exists. */
export function servingTests(suite: StorageSuite) {
  describe(`serving (${suite.backend})`, () => {
    let pub: string;
    let priv: string;
    beforeAll(async () => {
      const sb = suite.s.service();
      pub = uniqueBucket('pub');
      priv = uniqueBucket('priv');
      await sb.storage.createBucket(pub, { public: true });
      await sb.storage.createBucket(priv, { public: false });
      for (const b of [pub, priv]) {
        await sb.storage.from(b).upload('dir/data.bin', BYTES, { contentType: 'application/octet-stream', cacheControl: '300' });
      }
    });

    it('downloads as a Blob and as a stream, with the stored headers', async () => {
      const sb = suite.s.service();
      const blob = await sb.storage.from(priv).download('dir/data.bin');
      expect(Buffer.from(await blob.data!.arrayBuffer())).toEqual(BYTES);
      const stream = await sb.storage.from(priv).download('dir/data.bin').asStream();
      const chunks: Uint8Array[] = [];
      for await (const c of stream.data as unknown as AsyncIterable<Uint8Array>) chunks.push(c);
      expect(Buffer.concat(chunks)).toEqual(BYTES);
      const res = await fetchObject(suite.s, `${priv}/dir/data.bin`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-length')).toBe('20');
      expect(res.headers.get('cache-control')).toBe('max-age=300');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('etag')).toMatch(/^".+"$/);
      expect(new Date(res.headers.get('last-modified')!).getTime()).toBeGreaterThan(0);
    });

    it('answers Range requests with 206 and 416 for unsatisfiable ones', async () => {
      const cases: [string, string, string][] = [
        ['bytes=0-4', '01234', 'bytes 0-4/20'],
        ['bytes=15-', 'fghij', 'bytes 15-19/20'],
        ['bytes=-3', 'hij', 'bytes 17-19/20'],
        ['bytes=18-99', 'ij', 'bytes 18-19/20'],
      ];
      for (const [range, body, contentRange] of cases) {
        const res = await fetchObject(suite.s, `${priv}/dir/data.bin`, { range });
        expect(res.status, range).toBe(206);
        expect(res.headers.get('content-range')).toBe(contentRange);
        expect(res.headers.get('content-length')).toBe(String(body.length));
        expect(await res.text()).toBe(body);
      }
      for (const range of ['bytes=20-', 'bytes=5-2', 'items=0-1', 'bytes=0-1,4-5']) {
        const res = await fetchObject(suite.s, `${priv}/dir/data.bin`, { range });
        expect(res.status, range).toBe(416);
        expect(await res.json()).toEqual({ statusCode: '416', error: 'invalid_range', code: 'InvalidRange', message: 'invalid range provided' });
      }
    });

    it('answers 304 for a matching If-None-Match or a fresh If-Modified-Since, 200 otherwise', async () => {
      const first = await fetchObject(suite.s, `${priv}/dir/data.bin`);
      const etag = first.headers.get('etag')!;
      const lastModified = first.headers.get('last-modified')!;
      const hit = await fetchObject(suite.s, `${priv}/dir/data.bin`, { 'if-none-match': etag });
      expect(hit.status).toBe(304);
      expect(await hit.text()).toBe('');
      expect(hit.headers.get('etag')).toBe(etag);
      expect((await fetchObject(suite.s, `${priv}/dir/data.bin`, { 'if-none-match': '"other"' })).status).toBe(200);
      expect((await fetchObject(suite.s, `${priv}/dir/data.bin`, { 'if-modified-since': lastModified })).status).toBe(304);
      expect((await fetchObject(suite.s, `${priv}/dir/data.bin`, { 'if-modified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' })).status).toBe(200);
      // A new version changes the ETag, so a stale cache gets the new bytes.
      await suite.s.service().storage.from(priv).update('dir/data.bin', Buffer.concat([BYTES, BYTES]), { contentType: 'application/octet-stream', cacheControl: '300' });
      const after = await fetchObject(suite.s, `${priv}/dir/data.bin`, { 'if-none-match': etag });
      expect(after.status).toBe(200);
      expect(after.headers.get('content-length')).toBe('40');
      await suite.s.service().storage.from(priv).update('dir/data.bin', BYTES, { contentType: 'application/octet-stream', cacheControl: '300' });
    });

    it('sets Content-Disposition for ?download, with and without a file name', async () => {
      const plain = await fetchObject(suite.s, `${priv}/dir/data.bin?download`);
      expect(plain.headers.get('content-disposition')).toBe('attachment;');
      const named = await fetchObject(suite.s, `${priv}/dir/data.bin?download=r%C3%A9sum%C3%A9.bin`);
      expect(named.headers.get('content-disposition')).toBe("attachment; filename=r%C3%A9sum%C3%A9.bin; filename*=UTF-8''r%C3%A9sum%C3%A9.bin");
    });

    it('serves every object with nosniff and a sandboxing CSP: HTML uploaded as image/png stays an image (issue 14)', async () => {
      const sb = suite.s.service();
      await sb.storage.from(pub).upload('x/evil.png', Buffer.from('<html><script>alert(1)</script></html>'), { contentType: 'image/png' });
      for (const url of [
        `${suite.s.url}/storage/v1/object/public/${pub}/x/evil.png`,
        (await sb.storage.from(pub).createSignedUrl('x/evil.png', 60)).data!.signedUrl,
      ]) {
        const res = await fetch(url);
        expect(res.headers.get('content-type')).toBe('image/png');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
      }
      const authed = await fetchObject(suite.s, `${priv}/dir/data.bin`);
      expect(authed.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('encodes any ?download name per RFC 6266: quotes, separators, line breaks and apostrophes cannot break out', async () => {
      const cases: [string, string][] = [
        ['x"; filename="evil.html', 'x%22%3B%20filename%3D%22evil.html'],
        ["l'été (1).txt", 'l%27%C3%A9t%C3%A9%20%281%29.txt'],
        ['a\r\nSet-Cookie: x=1', 'a%0D%0ASet-Cookie%3A%20x%3D1'],
      ];
      for (const [name, enc] of cases) {
        const res = await fetchObject(suite.s, `${priv}/dir/data.bin?download=${encodeURIComponent(name)}`);
        expect(res.status, name).toBe(200);
        expect(res.headers.get('content-disposition')).toBe(`attachment; filename=${enc}; filename*=UTF-8''${enc}`);
        expect(res.headers.get('set-cookie')).toBeNull();
      }
    });

    it('serves public URLs without credentials, only for public buckets', async () => {
      const anon = suite.s.anon();
      const { publicUrl } = anon.storage.from(pub).getPublicUrl('dir/data.bin').data;
      expect(publicUrl).toBe(`${suite.s.url}/storage/v1/object/public/${pub}/dir/data.bin`);
      const res = await fetch(publicUrl);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES);
      const dl = await fetch(anon.storage.from(pub).getPublicUrl('dir/data.bin', { download: 'x.bin' }).data.publicUrl);
      expect(dl.headers.get('content-disposition')).toContain('filename=x.bin');
      const hidden = await fetch(anon.storage.from(priv).getPublicUrl('dir/data.bin').data.publicUrl);
      expect(hidden.status).toBe(400);
      expect(await hidden.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found', code: 'NoSuchBucket' });
      // download() of a public bucket works for anon too (upstream reads it without RLS).
      expect((await anon.storage.from(pub).download('dir/data.bin')).error).toBeNull();
    });

    it('answers HEAD with the headers only', async () => {
      const res = await suite.s.fetch(`/storage/v1/object/public/${pub}/dir/data.bin`, { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe('20');
      expect(res.headers.get('etag')).toMatch(/^"/);
      expect(await res.text()).toBe('');
    });

    it('reports info and existence, and NoSuchKey for a missing object', async () => {
      const f = suite.s.service().storage.from(priv);
      const info = await f.info('dir/data.bin');
      expect(info.data).toMatchObject({ name: 'dir/data.bin', bucketId: priv, size: 20, contentType: 'application/octet-stream', cacheControl: 'max-age=300', metadata: {}, version: expect.any(String), lastModified: expect.any(String), createdAt: expect.any(String) });
      expect(await f.exists('dir/data.bin')).toEqual({ data: true, error: null });
      const missing = await f.exists('dir/nope.bin');
      expect(missing.data).toBe(false);
      expect(missing.error).toMatchObject({ status: 400, statusCode: '404', code: 'NoSuchKey', message: 'Object not found' });
      const dl = await f.download('dir/nope.bin');
      expect(dl.error).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
    });
  });
}
