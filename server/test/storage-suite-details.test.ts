import { StorageClient } from '@supabase/storage-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { tempDir, uniqueBucket } from './helpers/storage-harness.ts';
import { tusCreate, tusEndpoint, tusRequest } from './helpers/tus-client.ts';

/** Storage REST details the official storage-js suite checks (issue 34, "Also"). */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ storage: join(tempDir('gather-storage-details-'), 'root') });
});
afterAll(() => s.stop());

describe(`storage REST details the storage-js suite checks (${driverName})`, () => {
  it('answers a request with no Authorization (and no apikey) as upstream’s header schema does', async () => {
    const { data, error } = await new StorageClient(`${s.url}/storage/v1`).listBuckets();
    expect(data).toBeNull();
    expect(error?.message).toBe("headers must have required property 'authorization'");
    const res = await fetch(`${s.url}/storage/v1/bucket`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '400',
      error: 'Error',
      code: 'InvalidRequest',
      message: "headers must have required property 'authorization'",
    });
    // An apikey alone still counts (the gateway copies it over), as before.
    const withKey = await fetch(`${s.url}/storage/v1/bucket`, { headers: { apikey: s.keys.serviceRoleKey } });
    expect(withKey.status).toBe(200);
    // A bad token is still AccessDenied.
    const bad = await fetch(`${s.url}/storage/v1/bucket`, { headers: { authorization: 'Bearer nope' } });
    expect(await bad.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
  });

  it('answers HEAD /object/info with the object’s ETag, Last-Modified and Cache-Control', async () => {
    const sb = s.service();
    const bucket = uniqueBucket('info');
    await sb.storage.createBucket(bucket, { public: false });
    expect((await sb.storage.from(bucket).upload('a.txt', 'hello', { cacheControl: '120' })).error).toBeNull();
    const info = await sb.storage.from(bucket).info('a.txt');
    expect(info.error).toBeNull();
    const auth = { apikey: s.keys.anonKey, authorization: `Bearer ${s.keys.serviceRoleKey}` };
    for (const path of [`/object/info/${bucket}/a.txt`, `/object/info/authenticated/${bucket}/a.txt`]) {
      const head = await fetch(`${s.url}/storage/v1${path}`, { method: 'HEAD', headers: auth });
      expect(head.status, path).toBe(200);
      expect(head.headers.get('etag'), path).toBe(info.data!.etag);
      expect(head.headers.get('etag'), path).toMatch(/^"[0-9a-f]+"$/);
      expect(head.headers.get('cache-control'), path).toBe('max-age=120');
      expect(Date.parse(head.headers.get('last-modified')!), path).toBeGreaterThan(0);
    }
    const missing = await fetch(`${s.url}/storage/v1/object/info/${bucket}/nope.txt`, { method: 'HEAD', headers: auth });
    expect(missing.status).toBe(400);
    expect(missing.headers.get('etag')).toBeNull();
  });

  it('copies with the x-metadata header’s user metadata and a new cacheControl when copyMetadata is false', async () => {
    const sb = s.service();
    const bucket = uniqueBucket('copy');
    await sb.storage.createBucket(bucket, { public: false });
    const file = sb.storage.from(bucket);
    await file.upload('src.txt', 'hello', { cacheControl: '3600', contentType: 'text/plain', metadata: { from: 'source' } });

    const kept = await file.copy('src.txt', 'kept.txt');
    expect(kept.error).toBeNull();
    expect((await file.info('kept.txt')).data).toMatchObject({ metadata: { from: 'source' }, cacheControl: 'max-age=3600' });

    const xMetadata = Buffer.from(JSON.stringify({ from: 'header' })).toString('base64');
    const fresh = await sb.storage.from(bucket).setHeader('x-metadata', xMetadata)
      .copy('src.txt', 'fresh.txt', { copyMetadata: false, metadata: { cacheControl: 'max-age=60' } } as never);
    expect(fresh.error).toBeNull();
    const info = await file.info('fresh.txt');
    expect(info.data).toMatchObject({ metadata: { from: 'header' }, cacheControl: 'max-age=60', contentType: 'text/plain' });
    const served = await file.download('fresh.txt');
    expect(await served.data?.text()).toBe('hello');
    const head = await fetch(`${s.url}/storage/v1/object/${bucket}/fresh.txt`, {
      method: 'HEAD', headers: { authorization: `Bearer ${s.keys.serviceRoleKey}` },
    });
    expect(head.headers.get('cache-control')).toBe('max-age=60');

    // Without copyMetadata:false the header is ignored, as upstream: the source's metadata wins.
    await sb.storage.from(bucket).setHeader('x-metadata', xMetadata).copy('src.txt', 'again.txt');
    expect((await file.info('again.txt')).data?.metadata).toEqual({ from: 'source' });
  });

  it('answers /status (empty 200) and /version (text) without credentials, as upstream', async () => {
    const status = await fetch(`${s.url}/storage/v1/status`);
    expect(status.status).toBe(200);
    expect(await status.text()).toBe('');
    const version = await fetch(`${s.url}/storage/v1/version`);
    expect(version.status).toBe(200);
    expect(version.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await version.text()).toMatch(/^v\d+\.\d+\.\d+$/);
  });

  it('answers TUS HEAD on an unknown upload and an oversized one with @tus/server’s words, as upstream', async () => {
    const bucket = uniqueBucket('tus');
    await s.service().storage.createBucket(bucket, { public: false, fileSizeLimit: 1000 });
    const service = s.keys.serviceRoleKey;
    const unknown = await tusRequest(`${tusEndpoint(s)}/${randomUUID()}`, 'HEAD', { authorization: `Bearer ${service}` });
    expect(unknown.status).toBe(404);
    const unknownPatch = await tusRequest(`${tusEndpoint(s)}/${randomUUID()}`, 'PATCH', {
      authorization: `Bearer ${service}`, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream',
    }, Buffer.from('x'));
    expect(unknownPatch).toMatchObject({ status: 404, text: 'The file for this url was not found\n' });
    // Supabase's own upload ids are base64url of tenant/bucket/key/version, well past Fastify's
    // default 100-character segment (which answered 400 InvalidKey): unknown here, so 404.
    const upstreamId = Buffer.from(`${bucket}/acc-local/tus-missing-upload-${randomUUID()}.txt/missing-version`).toString('base64url');
    expect(upstreamId.length).toBeGreaterThan(100);
    const unknownLong = await tusRequest(`${tusEndpoint(s)}/${upstreamId}`, 'HEAD', { authorization: `Bearer ${service}` });
    expect(unknownLong.status).toBe(404);
    // Beyond upstream's 2500-character limit a segment is still refused in Storage's shape.
    const tooLong = await tusRequest(`${tusEndpoint(s)}/${'a'.repeat(2600)}`, 'HEAD', { authorization: `Bearer ${service}` });
    expect(tooLong.status).toBe(400);
    const big = await tusCreate(s, service, 5000, { bucketName: bucket, objectName: 'big.bin' });
    expect(big).toMatchObject({ status: 413, text: 'Maximum size exceeded\n' });
    const ok = await tusCreate(s, service, 10, { bucketName: bucket, objectName: 'small.bin' });
    expect(ok.status).toBe(201);
  });

  it('renders a 1×1 PNG that libpng calls damaged but imgproxy renders, and still refuses a non-image', async () => {
    const sb = s.service();
    const bucket = uniqueBucket('render');
    await sb.storage.createBucket(bucket, { public: true });
    // A transparent pixel copied across the web; its IDAT stream fails libpng's strict read.
    const pixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    await sb.storage.from(bucket).upload('pixel.png', pixel, { contentType: 'image/png' });
    const rendered = await sb.storage.from(bucket).download('pixel.png', { transform: { width: 4, height: 4, format: 'origin' } });
    expect(rendered.error).toBeNull();
    const bytes = Buffer.from(await rendered.data!.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(4); // IHDR width
    await sb.storage.from(bucket).upload('garbage.png', Buffer.concat([pixel.subarray(0, 16), Buffer.alloc(64, 7)]), { contentType: 'image/png' });
    const garbage = await fetch(sb.storage.from(bucket).getPublicUrl('garbage.png', { transform: { width: 4 } }).data.publicUrl);
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ message: 'The source image is invalid or unsupported for rendering' });
  });
});
