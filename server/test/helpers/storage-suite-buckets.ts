import { describe, expect, it } from 'vitest';
import type { StorageSuite } from './storage-harness.ts';
import { uniqueBucket } from './storage-harness.ts';

/** Bucket API through supabase-js: every StorageBucketApi method and its errors. */
export function bucketTests(suite: StorageSuite) {
  describe(`buckets (${suite.backend})`, () => {
    it('creates, gets and lists a bucket with its settings', async () => {
      const sb = suite.s.service();
      const id = uniqueBucket('cfg');
      const created = await sb.storage.createBucket(id, { public: true, fileSizeLimit: '1MB', allowedMimeTypes: ['image/*', 'text/plain'] });
      expect(created).toEqual({ data: { name: id }, error: null });
      const { data, error } = await sb.storage.getBucket(id);
      expect(error).toBeNull();
      expect(data).toMatchObject({ id, name: id, public: true, file_size_limit: 1_000_000, allowed_mime_types: ['image/*', 'text/plain'] });
      expect(data!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      // As upstream: getBucket has no `type`, listBuckets has it (storage-js snapshots both).
      expect(data).not.toHaveProperty('type');
      const list = await sb.storage.listBuckets({ search: id });
      expect(list.data?.map((b) => b.id)).toEqual([id]);
      expect(list.data?.[0]).toMatchObject({ type: 'STANDARD' });
    });

    it('lists with limit, offset and sort order', async () => {
      const sb = suite.s.service();
      const tag = uniqueBucket('page');
      for (const n of ['c', 'a', 'b']) await sb.storage.createBucket(`${tag}-${n}`, { public: false });
      const desc = await sb.storage.listBuckets({ search: tag, sortColumn: 'name', sortOrder: 'desc' });
      expect(desc.data?.map((b) => b.id)).toEqual([`${tag}-c`, `${tag}-b`, `${tag}-a`]);
      const page = await sb.storage.listBuckets({ search: tag, sortColumn: 'name', sortOrder: 'asc', limit: 1, offset: 1 });
      expect(page.data?.map((b) => b.id)).toEqual([`${tag}-b`]);
    });

    it('updates public, size limit and MIME types, and clears them with null', async () => {
      const sb = suite.s.service();
      const id = uniqueBucket('upd');
      await sb.storage.createBucket(id, { public: false });
      expect(await sb.storage.updateBucket(id, { public: true, fileSizeLimit: 2048, allowedMimeTypes: ['image/png'] })).toEqual({
        data: { message: 'Successfully updated' },
        error: null,
      });
      expect((await sb.storage.getBucket(id)).data).toMatchObject({ public: true, file_size_limit: 2048, allowed_mime_types: ['image/png'] });
      await sb.storage.updateBucket(id, { public: false, fileSizeLimit: null, allowedMimeTypes: null });
      expect((await sb.storage.getBucket(id)).data).toMatchObject({ public: false, file_size_limit: null, allowed_mime_types: null });
    });

    it('refuses to delete a bucket with objects, empties it, then deletes it', async () => {
      const sb = suite.s.service();
      const id = uniqueBucket('del');
      await sb.storage.createBucket(id, { public: false });
      await sb.storage.from(id).upload('a/one.txt', 'one');
      await sb.storage.from(id).upload('two.txt', 'two');
      const refused = await sb.storage.deleteBucket(id);
      expect(refused.error).toMatchObject({ status: 400, statusCode: '409', message: 'The bucket you tried to delete is not empty' });
      expect(await sb.storage.emptyBucket(id)).toEqual({ data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' }, error: null });
      expect((await sb.storage.from(id).list('', {})).data).toEqual([]);
      expect(await sb.storage.deleteBucket(id)).toEqual({ data: { message: 'Successfully deleted' }, error: null });
      expect((await sb.storage.getBucket(id)).error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    });

    it('answers a duplicate, an unknown and a badly named bucket as Supabase does', async () => {
      const sb = suite.s.service();
      const id = uniqueBucket('dup');
      await sb.storage.createBucket(id, { public: false });
      const dup = await sb.storage.createBucket(id, { public: false });
      expect(dup.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
      for (const op of [() => sb.storage.getBucket('no-such-bucket'), () => sb.storage.updateBucket('no-such-bucket', { public: true }), () => sb.storage.deleteBucket('no-such-bucket'), () => sb.storage.emptyBucket('no-such-bucket')]) {
        expect((await op()).error).toMatchObject({ status: 400, statusCode: '404', code: 'NoSuchBucket', message: 'Bucket not found' });
      }
      for (const bad of ['a/b', ' lead', 'x'.repeat(101), '..', 'tab\there']) {
        const res = await sb.storage.createBucket(bad, { public: false });
        expect(res.error, bad).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
      }
    });

    it('validates size limits: units, format and the global limit', async () => {
      const sb = suite.s.service();
      const bad = await sb.storage.createBucket(uniqueBucket('lim'), { public: false, fileSizeLimit: '12 parsecs' });
      expect(bad.error).toMatchObject({ statusCode: '400', message: 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B' });
      const huge = await sb.storage.createBucket(uniqueBucket('lim'), { public: false, fileSizeLimit: '900GB' });
      expect(huge.error).toMatchObject({ statusCode: '413' });
      const id = uniqueBucket('lim');
      await sb.storage.createBucket(id, { public: false, fileSizeLimit: '30kb' });
      expect((await sb.storage.getBucket(id)).data?.file_size_limit).toBe(30_000);
    });
  });
}
