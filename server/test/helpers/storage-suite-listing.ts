import { beforeAll, describe, expect, it } from 'vitest';
import type { StorageSuite } from './storage-harness.ts';
import { uniqueBucket } from './storage-harness.ts';

/** list (one level, offset paging, search, sort), list-v2 (cursor), remove, move, copy. */
export function listingTests(suite: StorageSuite) {
  describe(`listing and object management (${suite.backend})`, () => {
    let bucket: string;
    beforeAll(async () => {
      const sb = suite.s.service();
      bucket = uniqueBucket('list');
      await sb.storage.createBucket(bucket, { public: false });
      for (const name of ['docs/b.txt', 'docs/A.txt', 'docs/c.txt', 'docs/sub/deep.txt', 'docs/sub/other/x.txt', 'docs/Zed/z.txt', 'root.txt']) {
        await sb.storage.from(bucket).upload(name, name);
      }
    });

    it('lists one level: files by relative name, folders once with null fields', async () => {
      const { data, error } = await suite.s.service().storage.from(bucket).list('docs');
      expect(error).toBeNull();
      expect(data!.map((o) => o.name)).toEqual(['A.txt', 'b.txt', 'c.txt', 'sub', 'Zed']);
      const sub = data!.find((o) => o.name === 'sub')!;
      expect(sub).toEqual({ name: 'sub', id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      const file = data!.find((o) => o.name === 'b.txt')!;
      expect(file).toMatchObject({ id: expect.any(String), metadata: { size: 10, mimetype: 'text/plain;charset=UTF-8' } });
      expect((await suite.s.service().storage.from(bucket).list()).data!.map((o) => o.name)).toEqual(['docs', 'root.txt']);
    });

    it('pages with limit and offset, sorts, and searches case-insensitively', async () => {
      const f = suite.s.service().storage.from(bucket);
      expect((await f.list('docs', { limit: 2, offset: 1 })).data!.map((o) => o.name)).toEqual(['b.txt', 'c.txt']);
      expect((await f.list('docs/', { sortBy: { column: 'name', order: 'desc' } })).data!.map((o) => o.name)).toEqual(['Zed', 'sub', 'c.txt', 'b.txt', 'A.txt']);
      // Other columns: folders first, then files in that order.
      const byDate = (await f.list('docs', { sortBy: { column: 'created_at', order: 'desc' } })).data!.map((o) => o.name);
      expect(byDate.slice(0, 2).sort()).toEqual(['Zed', 'sub']);
      expect(byDate.slice(2)).toEqual(['c.txt', 'A.txt', 'b.txt']);
      expect((await f.list('docs', { search: 'a' })).data!.map((o) => o.name)).toEqual(['A.txt']);
      expect((await f.list('nothing-here')).data).toEqual([]);
      expect((await suite.s.service().storage.from('no-such-bucket').list()).data).toEqual([]);
    });

    it('lists v2: flat, with delimiter, and page by page with a cursor in every order', async () => {
      const f = suite.s.service().storage.from(bucket);
      const flat = await f.listV2({ prefix: 'docs/sub' });
      expect(flat.data).toMatchObject({ hasNext: false, folders: [] });
      expect(flat.data!.objects.map((o) => o.name)).toEqual(['docs/sub/deep.txt', 'docs/sub/other/x.txt']);
      const grouped = await f.listV2({ prefix: 'docs/', with_delimiter: true });
      expect(grouped.data!.folders).toEqual([
        expect.objectContaining({ name: 'docs/Zed/', key: 'docs/Zed' }),
        expect.objectContaining({ name: 'docs/sub/', key: 'docs/sub' }),
      ]);
      expect(grouped.data!.objects.map((o) => o.name)).toEqual(['docs/A.txt', 'docs/b.txt', 'docs/c.txt']);
      const orders = [
        { sortBy: undefined, expected: ['docs/A.txt', 'docs/b.txt', 'docs/c.txt'] },
        { sortBy: { column: 'name', order: 'desc' }, expected: ['docs/c.txt', 'docs/b.txt', 'docs/A.txt'] },
        { sortBy: { column: 'created_at', order: 'asc' }, expected: ['docs/b.txt', 'docs/A.txt', 'docs/c.txt'] },
        { sortBy: { column: 'created_at', order: 'desc' }, expected: ['docs/c.txt', 'docs/A.txt', 'docs/b.txt'] },
      ] as const;
      for (const { sortBy, expected } of orders) {
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 20; page++) {
          const res = await f.listV2({ prefix: 'docs/', limit: 1, ...(sortBy ? { sortBy } : {}), ...(cursor ? { cursor } : {}) } as never);
          seen.push(...res.data!.objects.map((o) => o.name).filter((n) => expected.includes(n as never)));
          if (!res.data!.hasNext) break;
          cursor = res.data!.nextCursor;
        }
        expect(seen, JSON.stringify(sortBy)).toEqual(expected);
      }
    });

    it('removes several objects, returning the removed rows and skipping missing ones', async () => {
      const f = suite.s.service().storage.from(bucket);
      await f.upload('rm/1.txt', '1');
      await f.upload('rm/2.txt', '2');
      const { data, error } = await f.remove(['rm/1.txt', 'rm/2.txt', 'rm/missing.txt']);
      expect(error).toBeNull();
      expect(data!.map((o) => o.name).sort()).toEqual(['rm/1.txt', 'rm/2.txt']);
      expect(data![0]).toMatchObject({ bucket_id: bucket, id: expect.any(String) });
      expect((await f.list('rm')).data).toEqual([]);
      expect(await f.remove(['rm/missing.txt'])).toEqual({ data: [], error: null });
    });

    it('moves within and across buckets, and refuses to move onto an existing object', async () => {
      const sb = suite.s.service();
      const other = uniqueBucket('dest');
      await sb.storage.createBucket(other, { public: false });
      const f = sb.storage.from(bucket);
      await f.upload('mv/src.txt', 'moving', { metadata: { keep: true } });
      expect(await f.move('mv/src.txt', 'mv/dst.txt')).toEqual({ data: expect.objectContaining({ message: 'Successfully moved' }), error: null });
      expect((await f.exists('mv/src.txt')).data).toBe(false);
      expect(await (await f.download('mv/dst.txt')).data!.text()).toBe('moving');
      expect((await f.info('mv/dst.txt')).data?.metadata).toEqual({ keep: true });
      expect((await f.move('mv/dst.txt', 'far/away.txt', { destinationBucket: other })).error).toBeNull();
      expect(await (await sb.storage.from(other).download('far/away.txt')).data!.text()).toBe('moving');
      await f.upload('mv/a.txt', 'a');
      await f.upload('mv/b.txt', 'b');
      expect((await f.move('mv/a.txt', 'mv/b.txt')).error).toMatchObject({ statusCode: '409' });
      expect((await f.move('mv/none.txt', 'mv/c.txt')).error).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
    });

    it('copies within and across buckets, with metadata, and upserts only when asked', async () => {
      const sb = suite.s.service();
      const other = uniqueBucket('copy');
      await sb.storage.createBucket(other, { public: false });
      const f = sb.storage.from(bucket);
      await f.upload('cp/src.txt', 'copy me', { metadata: { tag: 1 } });
      expect(await f.copy('cp/src.txt', 'cp/dst.txt')).toEqual({ data: { path: `${bucket}/cp/dst.txt` }, error: null });
      expect(await f.copy('cp/src.txt', 'x/y.txt', { destinationBucket: other })).toEqual({ data: { path: `${other}/x/y.txt` }, error: null });
      expect(await (await sb.storage.from(other).download('x/y.txt')).data!.text()).toBe('copy me');
      expect((await f.info('cp/dst.txt')).data?.metadata).toEqual({ tag: 1 });
      expect((await f.copy('cp/src.txt', 'cp/plain.txt', { copyMetadata: false, metadata: { fresh: true } } as never)).error).toBeNull();
      // Upstream: the body's metadata is file metadata (cacheControl, mimetype); user metadata
      // comes from x-metadata only, so none here (storage-suite-details covers the header).
      expect((await f.info('cp/plain.txt')).data?.metadata).toEqual({});
      expect((await f.copy('cp/src.txt', 'cp/dst.txt')).error).toMatchObject({ statusCode: '409' });
      await f.remove(['cp/src.txt']);
      expect(await (await f.download('cp/dst.txt')).data!.text()).toBe('copy me'); // copies are independent
    });
  });
}
