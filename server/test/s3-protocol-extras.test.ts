import {
  CompleteMultipartUploadCommand, CreateBucketCommand, GetBucketLocationCommand, CreateMultipartUploadCommand, GetObjectCommand, GetObjectTaggingCommand,
  HeadObjectCommand, ListMultipartUploadsCommand, PutObjectCommand, S3Client, UploadPartCopyCommand, type S3ServiceException,
} from '@aws-sdk/client-s3';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_S3_ACCESS_KEY_ID, CLI_S3_ACCESS_KEY_SECRET } from '../src/s3/s3-keys.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { tempDir, uniqueBucket } from './helpers/storage-harness.ts';

/** S3 operations beyond the everyday ones, which Supabase Storage's acceptance suite checks too. */
let s: TestServer;
let s3: S3Client;

async function failure(p: Promise<unknown>): Promise<{ name: string; status?: number }> {
  try {
    await p;
  } catch (err) {
    const e = err as S3ServiceException;
    return { name: e.name, status: e.$metadata?.httpStatusCode };
  }
  throw new Error('expected the request to fail');
}

beforeAll(async () => {
  s = await startTestServer({ storage: join(tempDir('gather-s3-extras-'), 'root') });
  s3 = new S3Client({ forcePathStyle: true, region: 'local', endpoint: `${s.url}/storage/v1/s3`, credentials: { accessKeyId: CLI_S3_ACCESS_KEY_ID, secretAccessKey: CLI_S3_ACCESS_KEY_SECRET } });
});
afterAll(async () => {
  s3?.destroy();
  await s.stop();
});

/** A browser form upload signed as AWS documents POST policies (HMAC of the base64 policy). */
function postForm(bucket: string, fields: Record<string, string>, conditions: unknown[], opts: { expiresInS?: number; secret?: string } = {}) {
  const now = new Date();
  const date = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const credential = `${CLI_S3_ACCESS_KEY_ID}/${date.slice(0, 8)}/local/s3/aws4_request`;
  const base = { 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256', 'X-Amz-Credential': credential, 'X-Amz-Date': date };
  const policy = Buffer.from(JSON.stringify({
    expiration: new Date(now.getTime() + (opts.expiresInS ?? 300) * 1000).toISOString(),
    conditions: [{ bucket }, ...conditions, ...Object.entries(base).map(([k, v]) => ({ [k]: v }))],
  })).toString('base64');
  const h = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const key = h(h(h(h(`AWS4${opts.secret ?? CLI_S3_ACCESS_KEY_SECRET}`, date.slice(0, 8)), 'local'), 's3'), 'aws4_request');
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...fields, ...base, Policy: policy, 'X-Amz-Signature': h(key, policy).toString('hex') })) form.set(k, v);
  return form;
}

async function post(bucket: string, form: FormData, body = 'posted by a form'): Promise<{ status: number; text: string }> {
  form.set('file', new Blob([body], { type: 'text/plain' }), 'note.txt');
  const res = await fetch(`${s.url}/storage/v1/s3/${bucket}`, { method: 'POST', body: form });
  return { status: res.status, text: await res.text() };
}

describe(`S3 protocol, further operations (${driverName})`, () => {
  it('makes a public bucket for a public-read ACL, and answers an empty tag set', async () => {
    const bucket = uniqueBucket('s3acl');
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ACL: 'public-read' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'open.txt', Body: 'anyone may read' }));
    expect((await s.service().storage.getBucket(bucket)).data?.public).toBe(true);
    const publicUrl = s.anon().storage.from(bucket).getPublicUrl('open.txt').data.publicUrl;
    expect(await (await fetch(publicUrl)).text()).toBe('anyone may read');
    expect((await s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: 'open.txt' }))).TagSet ?? []).toEqual([]);
    expect((await s3.send(new GetBucketLocationCommand({ Bucket: bucket }))).LocationConstraint).toBe('local');
    expect(await failure(s3.send(new CreateBucketCommand({ Bucket: uniqueBucket('s3acl'), ACL: 'authenticated-read' })))).toMatchObject({ name: 'NotImplemented', status: 501 });
  });

  it('copies a range of an object into a part (UploadPartCopy) and pages uploads by key and upload id', async () => {
    const bucket = uniqueBucket('s3upc');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'source.txt', Body: '0123456789abcdef' }));
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'part-copy.txt' }));
    const copied = await s3.send(new UploadPartCopyCommand({ Bucket: bucket, Key: 'part-copy.txt', UploadId, PartNumber: 1, CopySource: `${bucket}/source.txt`, CopySourceRange: 'bytes=4-9' }));
    await s3.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: 'part-copy.txt', UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag: copied.CopyPartResult!.ETag }] } }));
    expect(await (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'part-copy.txt' }))).Body!.transformToString()).toBe('456789');

    const ids = [];
    for (const Key of ['a.bin', 'a.bin', 'b.bin']) ids.push((await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }))).UploadId!);
    const seen: string[] = [];
    let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      const page = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket, MaxUploads: 1, ...markers }));
      seen.push(...(page.Uploads ?? []).map((u) => `${u.Key}:${u.UploadId}`));
      if (!page.IsTruncated) break;
      markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
    }
    const aIds = ids.slice(0, 2).sort();
    expect(seen).toEqual([`a.bin:${aIds[0]}`, `a.bin:${aIds[1]}`, `b.bin:${ids[2]}`]);
  });

  it('refuses a streamed body whose trailing CRC32 does not match its bytes (BadDigest), storing nothing', async () => {
    const bucket = uniqueBucket('s3crc');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const corrupting = new S3Client({ forcePathStyle: true, region: 'local', endpoint: `${s.url}/storage/v1/s3`, credentials: { accessKeyId: CLI_S3_ACCESS_KEY_ID, secretAccessKey: CLI_S3_ACCESS_KEY_SECRET } });
    type Args = { request: { body: Readable } };
    // After signing, one data byte changes on the wire; the checksum trailer was computed before.
    const corrupt = (next: (args: Args) => Promise<unknown>) => async (args: Args) => {
      const flip = new Transform({ transform: (chunk: Buffer, _e, done) => done(null, Buffer.from(chunk.toString('latin1').replace('world', 'World'), 'latin1')) });
      args.request.body = args.request.body.pipe(flip);
      return next(args);
    };
    corrupting.middlewareStack.addRelativeTo(corrupt as never, { relation: 'after', toMiddleware: 'httpSigningMiddleware', name: 'corrupt' });
    const body = Readable.from([Buffer.from('hello world')]);
    expect(await failure(corrupting.send(new PutObjectCommand({ Bucket: bucket, Key: 'c.txt', Body: body, ContentLength: 11, ChecksumAlgorithm: 'CRC32' })))).toMatchObject({ name: 'BadDigest', status: 400 });
    expect(await failure(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'c.txt' })))).toMatchObject({ status: 404 });
    corrupting.destroy();
  });

  it('takes a browser form upload with a POST policy, and refuses one the policy does not allow', async () => {
    const bucket = uniqueBucket('s3post');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const fields = { key: 'uploads/${filename}', 'Content-Type': 'text/plain', 'x-amz-meta-origin': 'form' };
    const conditions = [['starts-with', '$key', 'uploads/'], { 'Content-Type': 'text/plain' }, { 'x-amz-meta-origin': 'form' }, ['content-length-range', 1, 100]];
    const ok = await post(bucket, postForm(bucket, fields, conditions));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.text).toContain('<Key>uploads/note.txt</Key>');
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'uploads/note.txt' }));
    expect(head).toMatchObject({ ContentType: 'text/plain', ContentLength: 16, Metadata: { origin: 'form' } });

    const outside = await post(bucket, postForm(bucket, { ...fields, key: 'elsewhere/x.txt' }, conditions));
    expect([outside.status, /<Code>(\w+)/.exec(outside.text)?.[1]]).toEqual([403, 'AccessDenied']);
    const extra = await post(bucket, postForm(bucket, { ...fields, 'x-amz-meta-sneaky': 'yes' }, conditions));
    expect(extra.text).toContain('Extra input fields: x-amz-meta-sneaky');
    const tooBig = await post(bucket, postForm(bucket, fields, conditions), 'x'.repeat(101));
    expect([tooBig.status, /<Code>(\w+)/.exec(tooBig.text)?.[1]]).toEqual([400, 'EntityTooLarge']);
    const expired = await post(bucket, postForm(bucket, fields, conditions, { expiresInS: -60 }));
    expect(expired.text).toContain('Policy expired');
    const forged = await post(bucket, postForm(bucket, fields, conditions, { secret: 'not-the-secret-key-at-all' }));
    expect([forged.status, /<Code>(\w+)/.exec(forged.text)?.[1]]).toEqual([403, 'SignatureDoesNotMatch']);
  });
});
