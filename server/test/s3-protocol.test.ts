import {
  AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CopyObjectCommand, CreateBucketCommand, CreateMultipartUploadCommand,
  DeleteBucketCommand, DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand,
  ListBucketsCommand, ListMultipartUploadsCommand, ListObjectsV2Command, ListPartsCommand, PutObjectCommand, S3Client,
  UploadPartCommand, S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_S3_ACCESS_KEY_ID, CLI_S3_ACCESS_KEY_SECRET } from '../src/s3/s3-keys.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { tempDir, uniqueBucket } from './helpers/storage-harness.ts';

/** The S3 protocol at /storage/v1/s3 through the official AWS SDK (issue 34 item 3). */
let s: TestServer;
let s3: S3Client;

function client(credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }): S3Client {
  return new S3Client({ forcePathStyle: true, region: 'local', endpoint: `${s.url}/storage/v1/s3`, credentials });
}

async function failure(p: Promise<unknown>): Promise<{ name: string; status?: number; message: string }> {
  try {
    await p;
  } catch (err) {
    const e = err as S3ServiceException;
    return { name: e.name, status: e.$metadata?.httpStatusCode, message: e.message };
  }
  throw new Error('expected the request to fail');
}

beforeAll(async () => {
  s = await startTestServer({ storage: join(tempDir('gather-s3-protocol-'), 'root') });
  s3 = client({ accessKeyId: CLI_S3_ACCESS_KEY_ID, secretAccessKey: CLI_S3_ACCESS_KEY_SECRET });
});
afterAll(async () => {
  s3?.destroy();
  await s.stop();
});

describe(`S3 protocol through the AWS SDK (${driverName})`, () => {
  it('creates, heads, lists and deletes buckets', async () => {
    const bucket = uniqueBucket('s3b');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    expect((await s3.send(new HeadBucketCommand({ Bucket: bucket }))).$metadata.httpStatusCode).toBe(200);
    const list = await s3.send(new ListBucketsCommand({}));
    expect(list.Buckets?.map((b) => b.Name)).toContain(bucket);
    expect(await failure(s3.send(new CreateBucketCommand({ Bucket: bucket })))).toMatchObject({ name: 'BucketAlreadyOwnedByYou', status: 409 });
    // The bucket is Storage's: supabase-js sees it, private.
    expect((await s.service().storage.getBucket(bucket)).data).toMatchObject({ id: bucket, public: false });
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'x.txt', Body: 'x' }));
    expect(await failure(s3.send(new DeleteBucketCommand({ Bucket: bucket })))).toMatchObject({ name: 'BucketNotEmpty', status: 409 });
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'x.txt' }));
    await s3.send(new DeleteBucketCommand({ Bucket: bucket }));
    expect(await failure(s3.send(new HeadBucketCommand({ Bucket: bucket })))).toMatchObject({ name: 'NotFound', status: 404 });
  });

  it('puts, gets (whole and a range), heads, copies and deletes objects, shared with supabase-js', async () => {
    const bucket = uniqueBucket('s3o');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const put = await s3.send(new PutObjectCommand({
      Bucket: bucket, Key: 'docs/hello world.txt', Body: 'hello from s3', ContentType: 'text/plain', CacheControl: 'max-age=60', Metadata: { origin: 'sdk' },
    }));
    expect(put.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'docs/hello world.txt' }));
    expect(await got.Body!.transformToString()).toBe('hello from s3');
    expect(got).toMatchObject({ ContentType: 'text/plain', CacheControl: 'max-age=60', ETag: put.ETag, Metadata: { origin: 'sdk' } });
    const ranged = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'docs/hello world.txt', Range: 'bytes=6-9' }));
    expect(await ranged.Body!.transformToString()).toBe('from');
    expect(ranged.ContentRange).toBe('bytes 6-9/13');
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'docs/hello world.txt' }));
    expect(head).toMatchObject({ ContentLength: 13, ETag: put.ETag });

    // Written via S3, read through supabase-js storage; and the other way round.
    const file = s.service().storage.from(bucket);
    expect(await (await file.download('docs/hello world.txt')).data?.text()).toBe('hello from s3');
    expect((await file.info('docs/hello world.txt')).data).toMatchObject({ contentType: 'text/plain', metadata: { origin: 'sdk' } });
    expect((await file.upload('from-js.txt', 'hello from supabase-js', { contentType: 'text/plain' })).error).toBeNull();
    const back = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'from-js.txt' }));
    expect(await back.Body!.transformToString()).toBe('hello from supabase-js');

    const copied = await s3.send(new CopyObjectCommand({ Bucket: bucket, Key: 'copy.txt', CopySource: `${bucket}/docs/hello%20world.txt` }));
    expect(copied.CopyObjectResult?.ETag).toBe(put.ETag);
    expect(await (await file.download('copy.txt')).data?.text()).toBe('hello from s3');

    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'copy.txt' }));
    expect((await file.download('copy.txt')).error).not.toBeNull();
    const many = await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: [{ Key: 'from-js.txt' }, { Key: 'docs/hello world.txt' }, { Key: 'never-was' }] } }));
    expect(many.Deleted?.map((d) => d.Key).sort()).toEqual(['docs/hello world.txt', 'from-js.txt', 'never-was']);
    expect((await file.list()).data).toEqual([]);
  });

  it('streams a body of unknown length (aws-chunked) and answers presigned URLs', async () => {
    const bucket = uniqueBucket('s3c');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const body = Readable.from([Buffer.from('chunk one, '), Buffer.from('chunk two')]);
    await new Upload({ client: s3, params: { Bucket: bucket, Key: 'streamed.txt', Body: body } }).done();
    expect(await (await s.service().storage.from(bucket).download('streamed.txt')).data?.text()).toBe('chunk one, chunk two');
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: 'streamed.txt' }), { expiresIn: 60 });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('chunk one, chunk two');
    const named = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: 'streamed.txt', ResponseContentDisposition: 'attachment; filename="report.txt"', ResponseContentType: 'text/csv' }), { expiresIn: 60 });
    const download = await fetch(named);
    expect([download.status, download.headers.get('content-disposition'), download.headers.get('content-type')]).toEqual([200, 'attachment; filename="report.txt"', 'text/csv']);
    const tampered = await fetch(url.replace('streamed.txt', 'other.txt'));
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('lists with prefix, delimiter and continuation', async () => {
    const bucket = uniqueBucket('s3l');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    for (const key of ['a.txt', 'b.txt', 'dir/c.txt', 'dir/d.txt', 'dir/sub/e.txt', 'z.txt']) {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: key }));
    }
    const top = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Delimiter: '/' }));
    expect(top.Contents?.map((c) => c.Key)).toEqual(['a.txt', 'b.txt', 'z.txt']);
    expect(top.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['dir/']);
    const dir = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'dir/', Delimiter: '/' }));
    expect(dir.Contents?.map((c) => [c.Key, c.Size])).toEqual([['dir/c.txt', 9], ['dir/d.txt', 9]]);
    expect(dir.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['dir/sub/']);
    const keys: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 2, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((c) => c.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
      pages++;
    } while (token);
    expect(keys).toEqual(['a.txt', 'b.txt', 'dir/c.txt', 'dir/d.txt', 'dir/sub/e.txt', 'z.txt']);
    expect(pages).toBe(3);
  });

  it('runs a multipart upload: parts, list, complete; and aborts another', async () => {
    const bucket = uniqueBucket('s3m');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const part1 = Buffer.alloc(5 * 1024 * 1024, 'a');
    const part2 = Buffer.from('the end');
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'big.bin', ContentType: 'application/x-test' }));
    const e1 = await s3.send(new UploadPartCommand({ Bucket: bucket, Key: 'big.bin', UploadId, PartNumber: 1, Body: part1 }));
    const e2 = await s3.send(new UploadPartCommand({ Bucket: bucket, Key: 'big.bin', UploadId, PartNumber: 2, Body: part2 }));
    const parts = await s3.send(new ListPartsCommand({ Bucket: bucket, Key: 'big.bin', UploadId }));
    expect(parts.Parts?.map((p) => [p.PartNumber, p.Size, p.ETag])).toEqual([[1, part1.length, e1.ETag], [2, part2.length, e2.ETag]]);
    const uploads = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
    expect(uploads.Uploads?.map((u) => u.UploadId)).toEqual([UploadId]);
    expect(await failure(s3.send(new CompleteMultipartUploadCommand({
      Bucket: bucket, Key: 'big.bin', UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"0000"' }] },
    })))).toMatchObject({ name: 'InvalidPart', status: 400 });
    const done = await s3.send(new CompleteMultipartUploadCommand({
      Bucket: bucket, Key: 'big.bin', UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag: e1.ETag }, { PartNumber: 2, ETag: e2.ETag }] },
    }));
    expect(done.ETag).toMatch(/^"[0-9a-f]{32}-2"$/);
    const info = await s.service().storage.from(bucket).info('big.bin');
    expect(info.data).toMatchObject({ size: part1.length + part2.length, contentType: 'application/x-test' });
    const tail = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'big.bin', Range: `bytes=${part1.length - 1}-` }));
    expect(await tail.Body!.transformToString()).toBe('athe end');

    const other = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'dropped.bin' }));
    await s3.send(new UploadPartCommand({ Bucket: bucket, Key: 'dropped.bin', UploadId: other.UploadId, PartNumber: 1, Body: 'x' }));
    await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: 'dropped.bin', UploadId: other.UploadId }));
    expect(await failure(s3.send(new ListPartsCommand({ Bucket: bucket, Key: 'dropped.bin', UploadId: other.UploadId })))).toMatchObject({ name: 'NoSuchUpload', status: 404 });
    expect((await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? []).toEqual([]);
  });

  it('answers errors in S3’s shape: bad signature, unknown key, missing bucket and key', async () => {
    const bucket = uniqueBucket('s3e');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const wrongSecret = client({ accessKeyId: CLI_S3_ACCESS_KEY_ID, secretAccessKey: 'not-the-secret-at-all-0000' });
    expect(await failure(wrongSecret.send(new ListBucketsCommand({})))).toMatchObject({ name: 'SignatureDoesNotMatch', status: 403 });
    const unknown = client({ accessKeyId: 'AKIAUNKNOWNKEY000000', secretAccessKey: CLI_S3_ACCESS_KEY_SECRET });
    expect(await failure(unknown.send(new ListBucketsCommand({})))).toMatchObject({ name: 'InvalidAccessKeyId', status: 403 });
    expect(await failure(s3.send(new ListObjectsV2Command({ Bucket: uniqueBucket('missing') })))).toMatchObject({ name: 'NoSuchBucket', status: 404 });
    expect(await failure(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'nope.txt' })))).toMatchObject({ name: 'NoSuchKey', status: 404 });
    expect(await failure(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'nope.txt' })))).toMatchObject({ name: 'NotFound', status: 404 });
    const plain = await fetch(`${s.url}/storage/v1/s3/${bucket}`);
    expect(plain.status).toBe(403);
    expect(await plain.text()).toMatch(/<Error><Code>AccessDenied<\/Code><Message>Missing signature/);
    wrongSecret.destroy();
    unknown.destroy();
  });

  it('refuses a body that is not the one signed, and one over the bucket’s size limit', async () => {
    const bucket = uniqueBucket('s3t');
    expect((await s.service().storage.createBucket(bucket, { public: false, fileSizeLimit: 10 })).error).toBeNull();
    const tampering = client({ accessKeyId: CLI_S3_ACCESS_KEY_ID, secretAccessKey: CLI_S3_ACCESS_KEY_SECRET });
    // After signing, the body is swapped for another of the same length.
    type Args = { request: { body: unknown } };
    const swapBody = (next: (args: Args) => Promise<unknown>) => async (args: Args) => {
      args.request.body = 'HELLO';
      return next(args);
    };
    tampering.middlewareStack.addRelativeTo(
      swapBody as never,
      { relation: 'after', toMiddleware: 'httpSigningMiddleware', name: 'swapBody' },
    );
    expect(await failure(tampering.send(new PutObjectCommand({ Bucket: bucket, Key: 'a.txt', Body: 'hello' })))).toMatchObject({ name: 'XAmzContentSHA256Mismatch', status: 400 });
    expect(await failure(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'a.txt' })))).toMatchObject({ status: 404 });
    expect(await failure(s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'big.txt', Body: 'eleven byte' })))).toMatchObject({ name: 'EntityTooLarge', status: 400 });
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'ok.txt', Body: 'ten bytes!' }));
    tampering.destroy();
  });

  it('acts as the user under RLS with a session token (a user JWT, signed with the anon key)', async () => {
    const bucket = uniqueBucket('s3u');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'secret.txt', Body: 'service only' }));
    const { signToken } = await import('./helpers/tokens.ts');
    const token = await signToken({ sub: '33333333-3333-4333-8333-333333333333', role: 'authenticated', aud: 'authenticated' });
    const user = client({ accessKeyId: 'project-ref', secretAccessKey: s.keys.anonKey, sessionToken: token });
    // No storage policies: the user sees nothing and may write nothing.
    expect(await failure(user.send(new GetObjectCommand({ Bucket: bucket, Key: 'secret.txt' })))).toMatchObject({ name: 'NoSuchKey', status: 404 });
    expect(await failure(user.send(new PutObjectCommand({ Bucket: bucket, Key: 'mine.txt', Body: 'x' })))).toMatchObject({ name: 'AccessDenied', status: 403 });
    // A policy letting users write and read their own folder: the session acts as that user.
    const uid = '33333333-3333-4333-8333-333333333333';
    await s.db.exec(`create policy s3_own_folder on storage.objects for all to authenticated
      using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = auth.uid()::text)
      with check (bucket_id = '${bucket}' and (storage.foldername(name))[1] = auth.uid()::text)`);
    await user.send(new PutObjectCommand({ Bucket: bucket, Key: `${uid}/mine.txt`, Body: 'my own' }));
    expect(await (await user.send(new GetObjectCommand({ Bucket: bucket, Key: `${uid}/mine.txt` }))).Body!.transformToString()).toBe('my own');
    const listed = await user.send(new ListObjectsV2Command({ Bucket: bucket }));
    expect(listed.Contents?.map((c) => c.Key)).toEqual([`${uid}/mine.txt`]);
    expect(await failure(user.send(new PutObjectCommand({ Bucket: bucket, Key: 'someone-else/x.txt', Body: 'x' })))).toMatchObject({ name: 'AccessDenied', status: 403 });
    const { rows } = await s.db.query<{ owner_id: string }>('select owner_id from storage.objects where bucket_id = $1 and name = $2', [bucket, `${uid}/mine.txt`]);
    expect(rows[0]?.owner_id).toBe(uid);
    await s.db.exec('drop policy s3_own_folder on storage.objects');
    const forged = client({ accessKeyId: 'project-ref', secretAccessKey: 'not-the-anon-key', sessionToken: token });
    expect(await failure(forged.send(new ListBucketsCommand({})))).toMatchObject({ name: 'SignatureDoesNotMatch', status: 403 });
    const badToken = client({ accessKeyId: 'project-ref', secretAccessKey: s.keys.anonKey, sessionToken: 'not.a.jwt' });
    expect(await failure(badToken.send(new ListBucketsCommand({})))).toMatchObject({ name: 'InvalidToken', status: 400 });
    user.destroy();
    forged.destroy();
    badToken.destroy();
  });
});
