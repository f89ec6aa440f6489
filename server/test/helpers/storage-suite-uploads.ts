import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StorageSuite } from './storage-harness.ts';
import { uniqueBucket } from './storage-harness.ts';

async function text(blob: Blob | null | undefined): Promise<string | undefined> {
  return blob ? await blob.text() : undefined;
}

/** upload/update with every body kind storage-js accepts, and what the server records. */
export function uploadTests(suite: StorageSuite) {
  describe(`uploads (${suite.backend})`, () => {
    let bucket: string;
    beforeAll(async () => {
      bucket = uniqueBucket('up');
      await suite.s.service().storage.createBucket(bucket, { public: false });
    });

    const bodies: [string, () => unknown, string][] = [
      ['a string', () => 'plain text', 'plain text'],
      ['a Buffer', () => Buffer.from('from a buffer'), 'from a buffer'],
      ['an ArrayBuffer', () => new TextEncoder().encode('array buffer').buffer, 'array buffer'],
      ['a Blob (multipart)', () => new Blob(['blob body'], { type: 'text/markdown' }), 'blob body'],
      ['a File (multipart)', () => new File(['file body'], 'f.txt', { type: 'text/plain' }), 'file body'],
      ['a Node stream', () => Readable.from([Buffer.from('streamed '), Buffer.from('chunks')]), 'streamed chunks'],
      ['a web ReadableStream', () => new Blob(['web stream']).stream(), 'web stream'],
    ];
    for (const [what, make, expected] of bodies) {
      it(`uploads ${what} and downloads the same bytes`, async () => {
        const sb = suite.s.service();
        const path = `kinds/${what.replace(/\W+/g, '-')}.txt`;
        const up = await sb.storage.from(bucket).upload(path, make() as never);
        expect(up.error).toBeNull();
        expect(up.data).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), path, fullPath: `${bucket}/${path}` });
        const down = await sb.storage.from(bucket).download(path);
        expect(down.error).toBeNull();
        expect(await text(down.data)).toBe(expected);
      });
    }

    it('uploads FormData with an empty-named file part and takes contentType from the form', async () => {
      const sb = suite.s.service();
      const form = new FormData();
      form.append('contentType', 'image/svg+xml');
      form.append('', new Blob(['<svg/>']), 'pic.svg');
      expect((await sb.storage.from(bucket).upload('form/pic.svg', form)).error).toBeNull();
      expect((await sb.storage.from(bucket).info('form/pic.svg')).data).toMatchObject({ contentType: 'image/svg+xml', size: 6 });
    });

    it('records content type, cache control and user metadata, raw and multipart', async () => {
      const sb = suite.s.service();
      await sb.storage.from(bucket).upload('meta/raw.json', '{"a":1}', { contentType: 'application/json', cacheControl: '120', metadata: { owner: 'me', n: 1 } });
      expect((await sb.storage.from(bucket).info('meta/raw.json')).data).toMatchObject({
        name: 'meta/raw.json', bucketId: bucket, size: 7, contentType: 'application/json', cacheControl: 'max-age=120', metadata: { owner: 'me', n: 1 }, etag: expect.stringMatching(/^".+"$/),
      });
      await sb.storage.from(bucket).upload('meta/form.bin', new Blob([new Uint8Array([1, 2])], { type: 'application/x-demo' }), { cacheControl: '60', metadata: { via: 'form' } });
      expect((await sb.storage.from(bucket).info('meta/form.bin')).data).toMatchObject({ contentType: 'application/x-demo', cacheControl: 'max-age=60', metadata: { via: 'form' } });
    });

    it('refuses to overwrite without upsert (409), overwrites with it, and update() always overwrites', async () => {
      const sb = suite.s.service();
      const f = sb.storage.from(bucket);
      expect((await f.upload('ow/x.txt', 'v1')).error).toBeNull();
      const again = await f.upload('ow/x.txt', 'v2');
      expect(again.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
      expect(await text((await f.download('ow/x.txt')).data)).toBe('v1');
      expect((await f.upload('ow/x.txt', 'v3', { upsert: true })).error).toBeNull();
      expect(await text((await f.download('ow/x.txt')).data)).toBe('v3');
      const upd = await f.update('ow/x.txt', 'v4');
      expect(upd.data?.path).toBe('ow/x.txt');
      expect(await text((await f.download('ow/x.txt')).data)).toBe('v4');
      expect((await f.update('ow/created-by-update.txt', 'new')).error).toBeNull();
    });

    it('answers an upload to a missing bucket with Bucket not found', async () => {
      const res = await suite.s.service().storage.from('no-such-bucket').upload('a.txt', 'x');
      expect(res.error).toMatchObject({ message: 'Bucket not found', statusCode: '404' });
    });

    it('enforces the bucket size limit (413) on raw and multipart bodies, and allows up to it', async () => {
      const sb = suite.s.service();
      const id = uniqueBucket('small');
      await sb.storage.createBucket(id, { public: false, fileSizeLimit: 1000 });
      expect((await sb.storage.from(id).upload('ok.bin', Buffer.alloc(1000))).error).toBeNull();
      for (const body of [Buffer.alloc(1001), new Blob([new Uint8Array(5000)]), Readable.from([Buffer.alloc(600), Buffer.alloc(600)])]) {
        const res = await sb.storage.from(id).upload(`big-${Math.random()}.bin`, body as never);
        expect(res.error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
      }
      expect((await sb.storage.from(id).list()).data?.map((o) => o.name)).toEqual(['ok.bin']);
    });

    it('enforces allowed MIME types, wildcards included (415)', async () => {
      const sb = suite.s.service();
      const id = uniqueBucket('mime');
      await sb.storage.createBucket(id, { public: false, allowedMimeTypes: ['image/*', 'text/plain'] });
      expect((await sb.storage.from(id).upload('a.png', 'x', { contentType: 'image/png' })).error).toBeNull();
      expect((await sb.storage.from(id).upload('a.txt', 'x', { contentType: 'text/plain' })).error).toBeNull();
      const gif = await sb.storage.from(id).upload('a.gif', new Blob(['x'], { type: 'video/mp4' }));
      expect(gif.error).toMatchObject({ statusCode: '415', message: 'mime type video/mp4 is not supported' });
      // storage-js's default type carries a charset, which only matches text/* (as on Supabase).
      const def = await sb.storage.from(id).upload('b.txt', 'x');
      expect(def.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain;charset=UTF-8 is not supported' });
      expect((await sb.storage.from(id).upload('folder/.emptyFolderPlaceholder', '', { contentType: 'application/x-empty' })).error).toBeNull();
    });
  });
}
