import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, USER_A, uniqueBucket, userClient, userToken } from './helpers/storage-harness.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { tusJsUpload } from './helpers/tus-client.ts';

// Issue 22, item 4 (decision 0220): on Supabase an INSERT policy alone allows upload() without
// upsert, and a resumable upload. `insert … returning` made Postgres apply SELECT policies to
// the new row, so both answered 403 here. Upserting still needs SELECT and UPDATE, as there.

let s: TestServer;
let bucket: string;
beforeAll(async () => {
  s = await startTestServer({ storage: tempDir('gather-insert-only-') });
  bucket = uniqueBucket('drop');
  await s.service().storage.createBucket(bucket, { public: false });
  await s.db.exec(`create policy "drop box insert" on storage.objects for insert to authenticated with check (bucket_id = '${bucket}');`);
});
afterAll(() => s?.stop());

describe(`an INSERT policy alone (${driverName})`, () => {
  it('allows upload() without upsert, which cannot read its own object back', async () => {
    const a = await userClient(s, USER_A);
    const up = await a.storage.from(bucket).upload('letter.txt', 'for the host');
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'letter.txt', fullPath: `${bucket}/letter.txt` });
    expect(up.data!.id).toMatch(/^[0-9a-f-]{36}$/);
    const { rows } = await s.db.query<{ id: string; owner_id: string }>('select id, owner_id from storage.objects where bucket_id = $1 and name = $2', [bucket, 'letter.txt']);
    expect(rows).toEqual([{ id: up.data!.id, owner_id: USER_A }]);
    // No SELECT policy: the uploader cannot read or list it.
    expect((await a.storage.from(bucket).download('letter.txt')).error).not.toBeNull();
    expect((await a.storage.from(bucket).list()).data).toEqual([]);
  });

  it('allows a resumable (TUS) upload', async () => {
    const token = await userToken(USER_A);
    const done = await tusJsUpload(s, token, Buffer.from('resumable letter'), { bucketName: bucket, objectName: 'tus-letter.txt', contentType: 'text/plain' });
    expect(done.aborted).toBe(false);
    const { rows } = await s.db.query<{ size: string }>(`select metadata->>'size' as size from storage.objects where bucket_id = $1 and name = $2`, [bucket, 'tus-letter.txt']);
    expect(rows).toEqual([{ size: '16' }]);
  });

  it('still refuses an upsert, a second upload of the same name, and other buckets', async () => {
    const a = await userClient(s, USER_A);
    const upsert = await a.storage.from(bucket).upload('letter.txt', 'again', { upsert: true });
    expect(upsert.error).toMatchObject({ statusCode: '403' });
    const twice = await a.storage.from(bucket).upload('letter.txt', 'again');
    expect(twice.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const other = uniqueBucket('other');
    await s.service().storage.createBucket(other);
    expect((await a.storage.from(other).upload('x.txt', 'x')).error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
  });
});
