import { CreateBucketCommand, CreateMultipartUploadCommand, ListBucketsCommand, S3Client, type S3ServiceException } from '@aws-sdk/client-s3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_S3_ACCESS_KEY_ID, CLI_S3_ACCESS_KEY_SECRET } from '../src/s3/s3-keys.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { tempDir, uniqueBucket } from './helpers/storage-harness.ts';

/**
 * Requests an S3 client would not send, signed properly by the AWS SDK (a middleware rewrites the
 * request before it signs): each gets S3's XML error with a 4xx or 501, never a 500 or a hang.
 */
let s: TestServer;
let bucket: string;

interface Raw {
  method: string;
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
}

type BuildArgs = { request: { method: string; path: string; query: Record<string, string>; headers: Record<string, string>; body?: unknown } };


function s3(opts: { clockOffsetMs?: number } = {}): S3Client {
  const c = new S3Client({
    forcePathStyle: true, region: 'local', endpoint: `${s.url}/storage/v1/s3`, maxAttempts: 1,
    credentials: { accessKeyId: CLI_S3_ACCESS_KEY_ID, secretAccessKey: CLI_S3_ACCESS_KEY_SECRET },
    systemClockOffset: opts.clockOffsetMs ?? 0,
  });
  return c;
}

/** Sends `raw` signed; answers the status and the error code the SDK read from the XML. */
async function send(raw: Raw, opts: { clockOffsetMs?: number } = {}): Promise<{ status: number; code?: string }> {
  const client = s3(opts);
  const rewrite = (next: (args: BuildArgs) => Promise<unknown>) => async (args: BuildArgs) => {
    const r = args.request;
    r.method = raw.method;
    r.path = `/storage/v1/s3${raw.path}`;
    r.query = raw.query ?? {};
    r.body = raw.body;
    for (const k of Object.keys(r.headers)) if (k.toLowerCase() === 'content-length') delete r.headers[k];
    if (raw.body !== undefined) r.headers['content-length'] = String(Buffer.byteLength(raw.body));
    Object.assign(r.headers, raw.headers ?? {});
    return next(args);
  };
  client.middlewareStack.add(rewrite as never, { step: 'build', priority: 'low', name: 'rewrite' });
  try {
    const out = await client.send(new ListBucketsCommand({}));
    return { status: out.$metadata.httpStatusCode ?? 0 };
  } catch (err) {
    const e = err as S3ServiceException;
    return { status: e.$metadata?.httpStatusCode ?? 0, code: e.name };
  } finally {
    client.destroy();
  }
}

function code(body: string): string | undefined {
  return /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
}

beforeAll(async () => {
  s = await startTestServer({ storage: join(tempDir('gather-s3-bad-'), 'root') });
  bucket = uniqueBucket('s3bad');
  const c = s3();
  await c.send(new CreateBucketCommand({ Bucket: bucket }));
  c.destroy();
});
afterAll(() => s.stop());

describe(`S3 protocol: bad requests answered in S3's shape (${driverName})`, () => {
  const cases: [string, () => Raw, number, string][] = [
    ['DeleteObjects with a body that is not XML', () => ({ method: 'POST', path: `/${bucket}`, query: { delete: '' }, body: 'not xml' }), 400, 'MalformedXML'],
    ['DeleteObjects with no objects', () => ({ method: 'POST', path: `/${bucket}`, query: { delete: '' }, body: '<Delete></Delete>' }), 400, 'MalformedXML'],
    ['a key with characters Storage refuses', () => ({ method: 'PUT', path: `/${bucket}/caf%C3%A9%00.txt`, body: 'x' }), 400, 'InvalidArgument'],
    ['a key with a .. segment', () => ({ method: 'PUT', path: `/${bucket}/a/%2E%2E/b.txt`, body: 'x' }), 400, 'InvalidArgument'],
    ['a bucket name Storage refuses', () => ({ method: 'PUT', path: '/bad~name' }), 400, 'InvalidBucketName'],
    ['max-keys below zero', () => ({ method: 'GET', path: `/${bucket}`, query: { 'list-type': '2', 'max-keys': '-1' } }), 400, 'InvalidArgument'],
    ['a continuation token it never gave', () => ({ method: 'GET', path: `/${bucket}`, query: { 'list-type': '2', 'continuation-token': '%%%' } }), 400, 'InvalidArgument'],
    ['a delimiter other than /', () => ({ method: 'GET', path: `/${bucket}`, query: { 'list-type': '2', delimiter: '|' } }), 501, 'NotImplemented'],
    ['an operation it does not implement (tagging)', () => ({ method: 'PUT', path: `/${bucket}/a.txt`, query: { tagging: '' }, body: '<Tagging/>' }), 501, 'NotImplemented'],
    ['UploadPart with part number 0', () => ({ method: 'PUT', path: `/${bucket}/a.bin`, query: { partNumber: '0', uploadId: 'x' }, body: 'x' }), 400, 'InvalidArgument'],
    ['UploadPart to an unknown upload', () => ({ method: 'PUT', path: `/${bucket}/a.bin`, query: { partNumber: '1', uploadId: 'nope' }, body: 'x' }), 404, 'NoSuchUpload'],
    ['CompleteMultipartUpload of an unknown upload', () => ({ method: 'POST', path: `/${bucket}/a.bin`, query: { uploadId: 'nope' }, body: '<CompleteMultipartUpload/>' }), 404, 'NoSuchUpload'],
    ['CopyObject from a source that is not bucket/key', () => ({ method: 'PUT', path: `/${bucket}/c.txt`, headers: { 'x-amz-copy-source': 'nothing' } }), 400, 'InvalidArgument'],
    ['CopyObject from a missing key', () => ({ method: 'PUT', path: `/${bucket}/c.txt`, headers: { 'x-amz-copy-source': `${bucket}/missing.txt` } }), 404, 'NoSuchKey'],
    ['a range past the end', () => ({ method: 'GET', path: `/${bucket}/missing.txt`, headers: { range: 'bytes=50-60' } }), 404, 'NoSuchKey'],
  ];
  for (const [name, raw, status, expected] of cases) {
    it(`answers ${expected} (${status}) to ${name}`, async () => {
      expect(await send(raw())).toEqual({ status, code: expected });
    });
  }

  it('answers CompleteMultipartUpload with parts out of order, or one it never stored', async () => {
    const c = s3();
    const { UploadId: uploadId } = await c.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'm.bin' }));
    c.destroy();
    const part = (n: number, etag: string) => `<Part><PartNumber>${n}</PartNumber><ETag>${etag}</ETag></Part>`;
    const outOfOrder = await send({ method: 'POST', path: `/${bucket}/m.bin`, query: { uploadId: uploadId! }, body: `<CompleteMultipartUpload>${part(2, '"a"')}${part(1, '"b"')}</CompleteMultipartUpload>` });
    expect(outOfOrder).toEqual({ status: 400, code: 'InvalidPartOrder' });
    const never = await send({ method: 'POST', path: `/${bucket}/m.bin`, query: { uploadId: uploadId! }, body: `<CompleteMultipartUpload>${part(1, '"b"')}</CompleteMultipartUpload>` });
    expect(never).toEqual({ status: 400, code: 'InvalidPart' });
  });

  it('refuses a request signed an hour ago (RequestTimeTooSkewed) and a malformed Authorization header', async () => {
    const old = await send({ method: 'GET', path: '/' }, { clockOffsetMs: -3600_000 });
    expect(old).toEqual({ status: 403, code: 'RequestTimeTooSkewed' });
    for (const authorization of ['AWS4-HMAC-SHA256 nonsense', 'AWS4-HMAC-SHA256 Credential=a/b, SignedHeaders=host, Signature=00', 'AWS AKIA:c2lnbmF0dXJl']) {
      const res = await fetch(`${s.url}/storage/v1/s3/`, { headers: { authorization, 'x-amz-date': '20260101T000000Z' } });
      expect(res.status, authorization).toBe(400);
      expect(code(await res.text()), authorization).toBe('AuthorizationHeaderMalformed');
    }
    const presigned = await fetch(`${s.url}/storage/v1/s3/?X-Amz-Credential=x&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=bad&X-Amz-SignedHeaders=host&X-Amz-Signature=00&X-Amz-Expires=60`);
    expect(presigned.status).toBeLessThan(500);
    expect(code(await presigned.text())).toMatch(/AccessDenied|AuthorizationHeaderMalformed/);
  });

  it('is not there when [storage.s3_protocol] enabled = false', async () => {
    const off = await startTestServer({ storageS3Protocol: 'false' });
    try {
      const res = await fetch(`${off.url}/storage/v1/s3/`);
      expect(res.status).toBe(404);
    } finally {
      await off.stop();
    }
  });
});
