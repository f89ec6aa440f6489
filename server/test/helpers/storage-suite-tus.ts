import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StorageSuite } from './storage-harness.ts';
import { USER_A, USER_B, uniqueBucket, userClient, userToken } from './storage-harness.ts';
import { tusCreate, tusEndpoint, tusJsUpload, tusPatchCut, tusRequest, uploadMetadata } from './tus-client.ts';

/** Resumable uploads at /storage/v1/upload/resumable, as tus-js-client and Uppy use them. */
export function tusTests(suite: StorageSuite) {
  describe(`resumable uploads (${suite.backend})`, () => {
    let bucket: string;
    let tokenA: string;
    let tokenB: string;
    beforeAll(async () => {
      bucket = uniqueBucket('tus');
      await suite.s.service().storage.createBucket(bucket, { public: false, fileSizeLimit: 5_000_000, allowedMimeTypes: ['image/*', 'application/octet-stream'] });
      const own = `bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid()::text)`;
      await suite.s.db.exec(`
        create policy "tus own read" on storage.objects for select to authenticated using (${own});
        create policy "tus own insert" on storage.objects for insert to authenticated with check (${own});`);
      tokenA = await userToken(USER_A);
      tokenB = await userToken(USER_B);
    });

    const download = async (name: string) =>
      Buffer.from(await (await suite.s.service().storage.from(bucket).download(name)).data!.arrayBuffer());

    it('uploads in chunks with tus-js-client, recording type, cache control and metadata', async () => {
      const data = randomBytes(700_000);
      const name = `${USER_A}/chunked.png`;
      const res = await tusJsUpload(suite.s, tokenA, data, { bucketName: bucket, objectName: name, contentType: 'image/png', cacheControl: '60', metadata: JSON.stringify({ album: 'x' }) }, { chunkSize: 256 * 1024 });
      expect(res.url).toMatch(new RegExp(`^${suite.s.url}/storage/v1/upload/resumable/[0-9a-f-]{36}$`));
      expect((await download(name)).equals(data)).toBe(true);
      const info = await suite.s.service().storage.from(bucket).info(name);
      expect(info.data).toMatchObject({ size: data.length, contentType: 'image/png', cacheControl: 'max-age=60', metadata: { album: 'x' } });
      const { rows } = await suite.s.db.query('select owner_id from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);
      expect(rows).toEqual([{ owner_id: USER_A }]);
    });

    it('finishes an upload whose bytes all came with the creation request (creation-with-upload)', async () => {
      const data = randomBytes(100_000);
      const name = `${USER_A}/in-one-request.png`;
      await tusJsUpload(suite.s, tokenA, data, { bucketName: bucket, objectName: name, contentType: 'image/png' }, { dataDuringCreation: true });
      expect((await download(name)).equals(data)).toBe(true);
    });

    it('resumes with tus-js-client from the server offset after an abort', async () => {
      const data = randomBytes(600_000);
      const name = `${USER_A}/resumed-client.bin`;
      const meta = { bucketName: bucket, objectName: name, contentType: 'application/octet-stream' };
      const first = await tusJsUpload(suite.s, tokenA, data, meta, { chunkSize: 200_000, abortAfterChunks: 1 });
      expect(first.aborted).toBe(true);
      const head = await tusRequest(first.url!, 'HEAD', { authorization: `Bearer ${tokenA}` });
      expect(Number(head.headers.get('upload-offset'))).toBeGreaterThanOrEqual(200_000);
      expect((await suite.s.service().storage.from(bucket).exists(name)).data).toBe(false);
      const second = await tusJsUpload(suite.s, tokenA, data, meta, { chunkSize: 200_000, uploadUrl: first.url! });
      expect(second.url).toBe(first.url);
      expect((await download(name)).equals(data)).toBe(true);
    });

    it('resumes a raw PATCH cut off mid-body from the offset HEAD reports', async () => {
      const data = randomBytes(300_000);
      const name = `${USER_A}/resumed-raw.bin`;
      const created = await tusCreate(suite.s, tokenA, data.length, { bucketName: bucket, objectName: name, contentType: 'application/octet-stream' });
      expect(created.status).toBe(201);
      const url = created.headers.get('location')!;
      const firstChunk = await tusRequest(url, 'PATCH', { authorization: `Bearer ${tokenA}`, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, data.subarray(0, 100_000));
      expect(firstChunk.status).toBe(204);
      await tusPatchCut(url, tokenA, 100_000, data.length - 100_000, data.subarray(100_000, 150_000));
      let done = false;
      for (let attempt = 0; attempt < 10 && !done; attempt++) {
        const head = await tusRequest(url, 'HEAD', { authorization: `Bearer ${tokenA}` });
        expect(head.status).toBe(200);
        const offset = Number(head.headers.get('upload-offset'));
        expect(offset).toBeGreaterThanOrEqual(100_000);
        expect(offset).toBeLessThanOrEqual(150_000);
        const rest = await tusRequest(url, 'PATCH', { authorization: `Bearer ${tokenA}`, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, data.subarray(offset));
        done = rest.status === 204; // 409 only if the cut PATCH was still being written: ask again
        if (!done) expect(rest.status).toBe(409);
      }
      expect(done).toBe(true);
      expect((await download(name)).equals(data)).toBe(true);
    });

    it('applies RLS, the size limit and allowed MIME types when the upload is created', async () => {
      const meta = (name: string, contentType = 'image/png') => ({ bucketName: bucket, objectName: name, contentType });
      const denied = await tusCreate(suite.s, tokenB, 10, meta(`${USER_A}/from-b.png`));
      expect(denied).toMatchObject({ status: 403, text: 'new row violates row-level security policy' });
      expect(await tusCreate(suite.s, tokenA, 6_000_000, meta(`${USER_A}/huge.png`))).toMatchObject({ status: 413 });
      expect(await tusCreate(suite.s, tokenA, 10, meta(`${USER_A}/doc.pdf`, 'application/pdf'))).toMatchObject({ status: 415, text: 'mime type application/pdf is not supported' });
      expect(await tusCreate(suite.s, tokenA, 10, meta('../escape.png'))).toMatchObject({ status: 400, text: 'Invalid key: ../escape.png' });
      expect(await tusCreate(suite.s, tokenA, 10, { bucketName: 'no-such-bucket', objectName: 'x.png' })).toMatchObject({ status: 404 });
      expect(await tusCreate(suite.s, 'not-a-jwt', 10, meta(`${USER_A}/x.png`))).toMatchObject({ status: 403 });
    });

    it("keeps an upload to its creator: others cannot inspect, resume or cancel it", async () => {
      const created = await tusCreate(suite.s, tokenA, 100, { bucketName: bucket, objectName: `${USER_A}/mine.png`, contentType: 'image/png' });
      const url = created.headers.get('location')!;
      expect((await tusRequest(url, 'HEAD', { authorization: `Bearer ${tokenB}` })).status).toBe(404);
      const patch = await tusRequest(url, 'PATCH', { authorization: `Bearer ${tokenB}`, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, Buffer.alloc(100));
      expect(patch.status).toBe(404);
      expect((await tusRequest(url, 'DELETE', { authorization: `Bearer ${tokenB}` })).status).toBe(404);
      expect((await tusRequest(url, 'HEAD', { authorization: `Bearer ${tokenA}` })).headers.get('upload-offset')).toBe('0');
      expect((await tusRequest(url, 'DELETE', { authorization: `Bearer ${tokenA}` })).status).toBe(204);
      // Upload URLs only ever carry a UUID: anything else is not an upload.
      expect((await tusRequest(`${url.replace(/[^/]+$/, '')}..%2F..%2Fetc`, 'HEAD', { authorization: `Bearer ${tokenA}` })).status).toBe(404);
    });

    it('refuses to overwrite an object unless x-upsert is sent', async () => {
      const name = `${USER_A}/twice.png`;
      const meta = { bucketName: bucket, objectName: name, contentType: 'image/png' };
      await tusJsUpload(suite.s, tokenA, Buffer.from('one'), meta);
      const again = await tusCreate(suite.s, tokenA, 3, meta);
      expect(again).toMatchObject({ status: 409, text: 'The resource already exists' });
      const service = suite.s.keys.serviceRoleKey;
      await tusJsUpload(suite.s, service, Buffer.from('two'), meta, { upsert: true });
      expect((await download(name)).toString()).toBe('two');
    });

    it('takes a signed upload token on /upload/resumable/sign (x-signature) instead of a JWT', async () => {
      const name = `${USER_A}/signed.png`;
      const a = await userClient(suite.s, USER_A);
      const { data } = await a.storage.from(bucket).createSignedUploadUrl(name);
      const headers = { 'x-signature': data!.token };
      const meta = uploadMetadata({ bucketName: bucket, objectName: name, contentType: 'image/png' });
      const created = await tusRequest(`${tusEndpoint(suite.s)}/sign`, 'POST', { ...headers, 'upload-length': '3', 'upload-metadata': meta });
      expect(created.status).toBe(201);
      const url = created.headers.get('location')!;
      expect(url).toContain('/upload/resumable/sign/');
      const patch = await tusRequest(url, 'PATCH', { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, Buffer.from('png'));
      expect(patch.status).toBe(204);
      expect((await download(name)).toString()).toBe('png');
      const { rows } = await suite.s.db.query('select owner_id from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);
      expect(rows).toEqual([{ owner_id: USER_A }]);
      const otherName = uploadMetadata({ bucketName: bucket, objectName: `${USER_A}/other.png`, contentType: 'image/png' });
      const wrong = await tusRequest(`${tusEndpoint(suite.s)}/sign`, 'POST', { ...headers, 'upload-length': '3', 'upload-metadata': otherName });
      expect(wrong).toMatchObject({ status: 400, text: 'Invalid signature' });
      expect((await tusRequest(`${tusEndpoint(suite.s)}/sign`, 'POST', { 'upload-length': '3', 'upload-metadata': meta })).status).toBe(400);
    });
  });
}
