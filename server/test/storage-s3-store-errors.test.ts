import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from './helpers/s3rver-harness.ts';
import { uniqueBucket } from './helpers/storage-harness.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** One kind of S3 request the store in front of s3rver refuses, and how S3 words the refusal. */
interface Refusal {
  step: 'UploadPart' | 'CompleteMultipartUpload';
  status: number;
  code: string;
  message: string;
}

/** S3's own answers (docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html). */
const REFUSALS: Refusal[] = [
  { step: 'CompleteMultipartUpload', status: 400, code: 'EntityTooSmall', message: 'Your proposed upload is smaller than the minimum allowed object size.' },
  {
    step: 'CompleteMultipartUpload',
    status: 400,
    code: 'InvalidPart',
    message: "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.",
  },
  { step: 'CompleteMultipartUpload', status: 400, code: 'InvalidPartOrder', message: 'The list of parts was not in ascending order. The parts list must be specified in order by part number.' },
  {
    step: 'UploadPart',
    status: 404,
    code: 'NoSuchUpload',
    message: 'The specified multipart upload does not exist. The upload ID might be invalid, or the multipart upload might have been aborted or completed.',
  },
];

/**
 * An S3-compatible store that refuses what `refusal` names with S3's XML error, and passes
 * everything else to s3rver untouched (the signature covers the Host header, kept as sent).
 */
async function refusingStore(upstream: string) {
  const state: { refusal?: Refusal; aborts: number } = { aborts: 0 };
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const step = q.has('uploadId') ? (req.method === 'PUT' ? 'UploadPart' : req.method === 'POST' ? 'CompleteMultipartUpload' : req.method === 'DELETE' ? 'Abort' : '') : '';
    if (step === 'Abort') state.aborts++;
    const r = state.refusal;
    if (r && r.step === step) {
      req.resume();
      req.on('end', () => {
        res.writeHead(r.status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${r.code}</Code><Message>${r.message.replaceAll("'", '&apos;')}</Message><UploadId>${q.get('uploadId')}</UploadId><RequestId>4442587FB7D0A2F9</RequestId></Error>`);
      });
      return;
    }
    const out = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state, close: () => new Promise((r) => server.close(r)) };
}

/** Past lib-storage's 8 MiB part size: two parts, so the upload is a multipart one. */
const TWO_PARTS = Buffer.alloc(9 * 1024 * 1024, 5);

let s3: LocalS3 | undefined;
let notStarted: string | undefined;
try {
  s3 = await startLocalS3();
} catch (err) {
  notStarted = (err as Error).message;
  console.warn(`\n*** S3 store errors NOT RUN: s3rver could not start (${notStarted}) ***\n`);
}

describe.skipIf(!s3)(`storage on S3 (${driverName}): multipart uploads and the store's refusals`, { timeout: 120_000 }, () => {
  let s: TestServer;
  let store: Awaited<ReturnType<typeof refusingStore>>;
  const bucket = uniqueBucket('s3err');

  beforeAll(async () => {
    store = await refusingStore(s3!.endpoint);
    s = await startTestServer({ ...s3!.flags, storageS3Endpoint: store.url });
    expect((await s.service().storage.createBucket(bucket)).error).toBeNull();
  });
  afterAll(async () => {
    await s?.stop();
    await store?.close();
    await s3?.stop();
  });

  const upload = (name: string) =>
    s.fetch(`/storage/v1/object/${bucket}/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.keys.serviceRoleKey}`, 'content-type': 'application/octet-stream' },
      body: TWO_PARTS,
    });

  it('stores an upload of more than one part and reads it back whole', async () => {
    store.state.refusal = undefined;
    const res = await upload('two-parts.bin');
    expect(res.status, await res.clone().text()).toBe(200);
    const { data, error } = await s.service().storage.from(bucket).download('two-parts.bin');
    expect(error).toBeNull();
    expect(Buffer.from(await data!.arrayBuffer()).equals(TWO_PARTS)).toBe(true);
  });

  for (const r of REFUSALS) {
    it(`answers the store's ${r.code} (at ${r.step}) with S3's code in Storage's shape, stores nothing and aborts the upload`, async () => {
      store.state.refusal = r;
      const abortsBefore = store.state.aborts;
      const name = `refused-${r.code}.bin`;
      const res = await upload(name);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ statusCode: String(r.status), error: r.code, code: r.code, message: r.message });
      expect(store.state.aborts).toBe(abortsBefore + 1);
      store.state.refusal = undefined;
      const { data } = await s.service().storage.from(bucket).list('', { search: name });
      expect(data).toEqual([]);
    });
  }
});

if (!s3) describe('storage on S3: the store refusals', () => it.skip(`NOT RUN: s3rver could not start (${notStarted})`, () => {}));
