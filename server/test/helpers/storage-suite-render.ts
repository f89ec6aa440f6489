import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { blobKey } from '../../src/storage/backend/storage-backend.ts';
import { createBackend } from '../../src/storage/backend/create-backend.ts';
import { renditionName } from '../../src/storage/render/renditions.ts';
import type { StorageSuite } from './storage-harness.ts';
import { USER_A, USER_B, uniqueBucket, userClient } from './storage-harness.ts';

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/** A 400×300 photo-like JPEG (noise compresses badly, so quality visibly changes the size). */
async function photo(): Promise<Buffer> {
  const { width, height } = { width: 400, height: 300 };
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i % 251) * 31) % 256;
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
}

async function image(res: Response): Promise<{ type: string; width?: number; height?: number; format?: string; bytes: Buffer }> {
  expect(res.status, await res.clone().text().catch(() => '')).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  return { type: res.headers.get('content-type') ?? '', width: meta.width, height: meta.height, format: meta.format, bytes };
}

/** Image transformations on /render/image/{public,authenticated,sign}, through supabase-js. */
export function renderTests(suite: StorageSuite) {
  describe(`image transformations (${suite.backend})`, () => {
    let pub: string;
    let priv: string;
    let jpeg: Buffer;
    const url = (path: string, transform: Record<string, unknown>) =>
      suite.s.anon().storage.from(pub).getPublicUrl(path, { transform }).data.publicUrl;

    beforeAll(async () => {
      const sb = suite.s.service();
      pub = uniqueBucket('img');
      priv = uniqueBucket('imgpriv');
      jpeg = await photo();
      await sb.storage.createBucket(pub, { public: true });
      await sb.storage.createBucket(priv, { public: false });
      await sb.storage.from(pub).upload('p.jpg', jpeg, { contentType: 'image/jpeg', cacheControl: '600' });
      await sb.storage.from(pub).upload('notes.txt', 'not an image', { contentType: 'text/plain' });
      for (const user of [USER_A, USER_B]) {
        await sb.storage.from(priv).upload(`${user}/p.jpg`, jpeg, { contentType: 'image/jpeg' });
      }
      const own = `bucket_id = '${priv}' and (storage.foldername(name))[1] = (select auth.uid()::text)`;
      await suite.s.db.exec(`create policy "render own read ${priv}" on storage.objects for select to authenticated using (${own});`);
    });

    it('resizes with cover, contain and fill, and keeps the aspect ratio for one dimension', async () => {
      const accept = { accept: 'image/png' }; // no modern format: the source's own
      const cover = await image(await fetch(url('p.jpg', { width: 200, height: 100 }), { headers: accept }));
      expect(cover).toMatchObject({ type: 'image/jpeg', width: 200, height: 100 });
      const contain = await image(await fetch(url('p.jpg', { width: 200, height: 100, resize: 'contain' }), { headers: accept }));
      expect(contain).toMatchObject({ width: 133, height: 100 });
      const fill = await image(await fetch(url('p.jpg', { width: 200, height: 100, resize: 'fill' }), { headers: accept }));
      expect(fill).toMatchObject({ width: 200, height: 100 });
      expect(await image(await fetch(url('p.jpg', { width: 100 }), { headers: accept }))).toMatchObject({ width: 100, height: 75 });
      expect(await image(await fetch(url('p.jpg', { height: 60 }), { headers: accept }))).toMatchObject({ width: 80, height: 60 });
      // One dimension never enlarges; a full box is delivered at its size (an og:image is 1200×630).
      expect(await image(await fetch(url('p.jpg', { width: 2000 }), { headers: accept }))).toMatchObject({ width: 400, height: 300 });
      expect(await image(await fetch(url('p.jpg', { width: 1200, height: 630 }), { headers: accept }))).toMatchObject({ width: 1200, height: 630 });
    });

    it('chooses AVIF or WebP from Accept, keeps the original for format=origin, and says so', async () => {
      const u = url('p.jpg', { width: 120 });
      const avif = await fetch(u, { headers: { accept: CHROME_ACCEPT } });
      expect(avif.headers.get('vary')).toBe('Accept');
      expect(await image(avif)).toMatchObject({ type: 'image/avif', format: 'heif', width: 120 });
      expect(await image(await fetch(u, { headers: { accept: 'image/webp,*/*' } }))).toMatchObject({ type: 'image/webp', width: 120 });
      expect(await image(await fetch(u, { headers: { accept: 'image/avif;q=0,image/webp' } }))).toMatchObject({ type: 'image/webp' });
      expect(await image(await fetch(u))).toMatchObject({ type: 'image/jpeg' });
      const origin = await fetch(url('p.jpg', { width: 120, format: 'origin' }), { headers: { accept: CHROME_ACCEPT } });
      expect(origin.headers.get('vary')).toBeNull();
      expect(await image(origin)).toMatchObject({ type: 'image/jpeg', width: 120 });
      expect(await image(await fetch(url('p.jpg', { format: 'webp' })))).toMatchObject({ type: 'image/webp', width: 400 });
    });

    it('applies quality 20–100 and reports the transformations, clamping sizes to 2500', async () => {
      const low = await fetch(url('p.jpg', { width: 300, quality: 20 }));
      const high = await fetch(url('p.jpg', { width: 300, quality: 100 }));
      expect(low.headers.get('x-transformations')).toBe('width:300,resizing_type:fill,quality:20');
      expect((await image(low)).bytes.length).toBeLessThan((await image(high)).bytes.length / 2);
      const big = await fetch(url('p.jpg', { width: 9000, height: 10, resize: 'contain' }));
      expect(big.headers.get('x-transformations')).toBe('height:10,width:2500,resizing_type:fit');
      expect(big.headers.get('cache-control')).toBe('max-age=600');
      expect(big.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    });

    it("refuses bad options and sources with Storage's error shape", async () => {
      const cases: [Record<string, string>, string][] = [
        [{ width: '-1' }, 'querystring/width must be >= 0'],
        [{ width: 'wide' }, 'querystring/width must be integer'],
        [{ quality: '10' }, 'querystring/quality must be >= 20'],
        [{ quality: '101' }, 'querystring/quality must be <= 100'],
        [{ resize: 'crop' }, 'querystring/resize must be equal to one of the allowed values'],
        [{ format: 'jpeg' }, 'querystring/format must be equal to one of the allowed values'],
      ];
      for (const [query, message] of cases) {
        const res = await suite.s.fetch(`/storage/v1/render/image/public/${pub}/p.jpg?${new URLSearchParams(query)}`);
        expect(res.status, message).toBe(400);
        expect(await res.json()).toEqual({ statusCode: '400', error: 'Bad Request', code: 'InvalidRequest', message });
      }
      const text = await fetch(url('notes.txt', { width: 10 }));
      expect(text.status).toBe(400);
      expect(await text.json()).toEqual({ statusCode: '400', error: 'InvalidRequest', code: 'InvalidRequest', message: 'The source image is invalid or unsupported for rendering' });
      const missing = await fetch(url('nope.jpg', { width: 10 }));
      expect(await missing.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
    });

    it('refuses sources over 25 MB and over 50 megapixels', async () => {
      const sb = suite.s.service();
      // The limit is read from the object's recorded size, before any byte is fetched.
      await sb.storage.from(pub).upload('huge.jpg', jpeg, { contentType: 'image/jpeg' });
      await suite.s.db.query(
        `update storage.objects set metadata = jsonb_set(metadata, '{size}', to_jsonb(26 * 1024 * 1024)) where bucket_id = $1 and name = 'huge.jpg'`,
        [pub],
      );
      const huge = await fetch(url('huge.jpg', { width: 10 }));
      expect(await huge.json()).toMatchObject({ statusCode: '400', message: 'The source image file is too large to process' });
      // 8000×7000 of one colour: a small file, but 56 megapixels to decode.
      const wide = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#336699' } }).png({ compressionLevel: 9 }).toBuffer();
      await sb.storage.from(pub).upload('wide.png', wide, { contentType: 'image/png' });
      const res = await fetch(url('wide.png', { width: 10 }));
      expect(await res.json()).toMatchObject({ statusCode: '400', message: 'The source image resolution is too large to process' });
    });

    it('downloads transformed through download(), under the same RLS as the original', async () => {
      const a = await userClient(suite.s, USER_A);
      const mine = await a.storage.from(priv).download(`${USER_A}/p.jpg`, { transform: { width: 50, height: 50 } });
      expect(mine.error).toBeNull();
      const meta = await sharp(Buffer.from(await mine.data!.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([50, 50]);
      const theirs = await a.storage.from(priv).download(`${USER_B}/p.jpg`, { transform: { width: 50 } });
      expect(theirs.error).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
      // Exactly what the original's download answers, for each caller.
      for (const client of [a, suite.s.anon()]) {
        for (const path of [`${USER_A}/p.jpg`, `${USER_B}/p.jpg`]) {
          const original = await client.storage.from(priv).download(path);
          const rendered = await client.storage.from(priv).download(path, { transform: { width: 50 } });
          expect(rendered.error?.message ?? null, path).toBe(original.error?.message ?? null);
        }
      }
      const publicPath = await fetch(suite.s.anon().storage.from(priv).getPublicUrl(`${USER_A}/p.jpg`, { transform: { width: 50 } }).data.publicUrl);
      expect(await publicPath.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
    });

    it('signs the options into createSignedUrl tokens, which the URL cannot change', async () => {
      const a = await userClient(suite.s, USER_A);
      const signed = await a.storage.from(priv).createSignedUrl(`${USER_A}/p.jpg`, 60, { transform: { width: 80, height: 80, quality: 60 } });
      expect(signed.data!.signedUrl).toContain(`/storage/v1/render/image/sign/${priv}/${USER_A}/p.jpg?token=`);
      const res = await fetch(`${signed.data!.signedUrl}&width=10`, { headers: { accept: 'image/webp' } });
      expect(res.headers.get('x-transformations')).toBe('height:80,width:80,resizing_type:fill,quality:60');
      expect(res.headers.get('expires')).toBeTruthy();
      expect(await image(res)).toMatchObject({ type: 'image/webp', width: 80, height: 80 });
      const denied = await a.storage.from(priv).createSignedUrl(`${USER_B}/p.jpg`, 60, { transform: { width: 80 } });
      expect(denied.error).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
      const bad = await a.storage.from(priv).createSignedUrl(`${USER_A}/p.jpg`, 60, { transform: { width: 80, quality: 5 } });
      expect(bad.error).toMatchObject({ statusCode: '400', message: 'body/transform/quality must be >= 20' });
      // A token for one object does not render another.
      const token = new URL(signed.data!.signedUrl).searchParams.get('token');
      const other = await suite.s.fetch(`/storage/v1/render/image/sign/${priv}/${USER_B}/p.jpg?token=${token}`);
      expect(await other.json()).toMatchObject({ code: 'InvalidSignature' });
    });

    it('keeps each rendition in the backend, reads it back, answers 304, and drops it with its version', async () => {
      const sb = suite.s.service();
      await sb.storage.from(pub).upload('cache.jpg', jpeg, { contentType: 'image/jpeg' });
      const u = url('cache.jpg', { width: 64, format: 'origin' });
      const first = await image(await fetch(u));
      const { rows } = await suite.s.db.query<{ version: string }>('select version from storage.objects where bucket_id = $1 and name = $2', [pub, 'cache.jpg']);
      const blob = blobKey(pub, 'cache.jpg', rows[0]!.version);
      const backend = await createBackend(suite.s.config);
      const name = renditionName({ width: 64, format: 'origin' }, 'origin');
      try {
        // Stored beside the blob; replaced here, the next request shows it was read back, not rendered.
        expect((await backend.readDerived(blob, name))?.equals(first.bytes)).toBe(true);
        const marker = await sharp({ create: { width: 7, height: 7, channels: 3, background: '#ff0000' } }).jpeg().toBuffer();
        await backend.writeDerived(blob, name, marker);
        const again = await fetch(u);
        expect(await image(again)).toMatchObject({ width: 7, height: 7 });
        expect((await fetch(u, { headers: { 'if-none-match': again.headers.get('etag')! } })).status).toBe(304);
        // A new version renders afresh; the old version's renditions go with its blob.
        await sb.storage.from(pub).update('cache.jpg', jpeg, { contentType: 'image/jpeg' });
        expect(await image(await fetch(u))).toMatchObject({ width: 64 });
        expect(await backend.readDerived(blob, name)).toBeUndefined();
      } finally {
        await backend.close();
      }
    });
  });
}
