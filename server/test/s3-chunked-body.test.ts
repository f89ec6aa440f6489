import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { payloadOf } from '../src/s3/s3-body.ts';
import { expectedSignature, signingKey, type ClientSignature } from '../src/s3/sigv4.ts';

/**
 * AWS's published example of a signed streaming upload (S3 API reference, "Transferring payload
 * in multiple chunks"): 66,560 bytes of "a" as a 64 KiB chunk, a 1 KiB chunk and the empty last
 * one, with the documented seed and chunk signatures. Passing means the chain matches the real
 * service, not merely itself. The SDK for JavaScript sends unsigned chunks (tested through it in
 * s3-protocol.test.ts); other clients (the AWS CLI, Java, Go) send these.
 */
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const SEED = '4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9';
const CHUNKS: [number, string][] = [
  [65536, 'ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648'],
  [1024, '0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497'],
  [0, 'b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9'],
];

const sig: ClientSignature = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  shortDate: '20130524',
  region: 'us-east-1',
  service: 's3',
  signedHeaders: ['content-encoding', 'content-length', 'host', 'x-amz-content-sha256', 'x-amz-date', 'x-amz-decoded-content-length', 'x-amz-storage-class'],
  signature: SEED,
  longDate: '20130524T000000Z',
  contentSha256: 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
  presigned: false,
};

function body(corrupt = false): Buffer {
  const parts: Buffer[] = [];
  for (const [size, signature] of CHUNKS) {
    const data = Buffer.alloc(size, 'a');
    if (corrupt && size === 1024) data[10] = 0x62;
    parts.push(Buffer.from(`${size.toString(16)};chunk-signature=${signature}\r\n`), data, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

/** The body in pieces of `step` bytes, so chunk headers and data split anywhere. */
async function decode(bytes: Buffer, step: number): Promise<Buffer> {
  const pieces = [];
  for (let i = 0; i < bytes.length; i += step) pieces.push(bytes.subarray(i, i + step));
  const out: Buffer[] = [];
  for await (const c of payloadOf(Readable.from(pieces), sig, signingKey(SECRET, sig))) out.push(c as Buffer);
  return Buffer.concat(out);
}

describe('S3 signed streaming bodies (aws-chunked)', () => {
  it('computes the example request’s seed signature', () => {
    const headers = {
      host: 's3.amazonaws.com',
      'x-amz-date': '20130524T000000Z',
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
      'content-encoding': 'aws-chunked',
      'x-amz-decoded-content-length': '66560',
      'content-length': '66824',
    };
    expect(expectedSignature(SECRET, sig, { method: 'PUT', rawUrl: '/examplebucket/chunkObject.txt', headers })).toBe(SEED);
  });

  it('decodes the example body, its chunk signatures checked, however it is split', async () => {
    for (const step of [7, 4096, 70000]) expect(await decode(body(), step)).toEqual(Buffer.alloc(66560, 'a'));
  });

  it('fails a body whose chunk is not the one signed, as SignatureDoesNotMatch', async () => {
    await expect(decode(body(true), 4096)).rejects.toMatchObject({ code: 'SignatureDoesNotMatch', status: 403 });
  });

  it('fails a body cut before its last chunk', async () => {
    const whole = body();
    await expect(decode(whole.subarray(0, 66000), 4096)).rejects.toMatchObject({ code: 'InvalidArgument' });
  });
});
