import { beforeAll, describe, expect, it } from 'vitest';
import type { StorageSuite } from './storage-harness.ts';
import { USER_A, USER_B, uniqueBucket, userClient } from './storage-harness.ts';
import { signToken, tamper } from './tokens.ts';

/**
 * The policies a Supabase app writes: in `users`, each user may do anything under a folder
 * named after their id; anyone may read the `pub` bucket; signed-in users may see buckets.
 */
function policies(users: string, pub: string): string {
  const own = `bucket_id = '${users}' and (storage.foldername(name))[1] = (select auth.uid()::text)`;
  return `
    create policy "own folder read" on storage.objects for select to authenticated using (${own});
    create policy "own folder insert" on storage.objects for insert to authenticated with check (${own});
    create policy "own folder update" on storage.objects for update to authenticated using (${own}) with check (${own});
    create policy "own folder delete" on storage.objects for delete to authenticated using (${own});
    create policy "public read" on storage.objects for select to anon, authenticated using (bucket_id = '${pub}');
    create policy "signed-in users see buckets" on storage.buckets for select to authenticated using (true);`;
}

/** Row-level security decides every operation, as on Supabase: allowed and denied cases. */
export function rlsTests(suite: StorageSuite) {
  describe(`row-level security (${suite.backend})`, () => {
    let users: string;
    let pub: string;
    beforeAll(async () => {
      users = uniqueBucket('users');
      pub = uniqueBucket('open');
      const sb = suite.s.service();
      await sb.storage.createBucket(users, { public: false });
      await sb.storage.createBucket(pub, { public: true });
      await sb.storage.from(pub).upload('hello.txt', 'hello world');
      await suite.s.db.exec(policies(users, pub));
    });

    it('lets a user write under their own folder and records them as the owner', async () => {
      const a = await userClient(suite.s, USER_A);
      const up = await a.storage.from(users).upload(`${USER_A}/photo.txt`, 'mine');
      expect(up.error).toBeNull();
      const { rows } = await suite.s.db.query<{ owner: string; owner_id: string }>('select owner::text, owner_id from storage.objects where id = $1', [up.data!.id]);
      expect(rows[0]).toEqual({ owner: USER_A, owner_id: USER_A });
      expect(await (await a.storage.from(users).download(`${USER_A}/photo.txt`)).data!.text()).toBe('mine');
      expect((await a.storage.from(users).upload(`${USER_A}/photo.txt`, 'mine v2', { upsert: true })).error).toBeNull();
      expect((await a.storage.from(users).list(USER_A)).data!.map((o) => o.name)).toEqual(['photo.txt']);
    });

    it("refuses writes into someone else's folder with Supabase's 403, storing nothing", async () => {
      const a = await userClient(suite.s, USER_A);
      const res = await a.storage.from(users).upload(`${USER_B}/intruder.txt`, 'nope');
      expect(res.error).toMatchObject({ status: 400, statusCode: '403', code: 'AccessDenied', message: 'new row violates row-level security policy' });
      const signUp = await a.storage.from(users).createSignedUploadUrl(`${USER_B}/intruder.txt`);
      expect(signUp.error).toMatchObject({ statusCode: '403' });
      const { rows } = await suite.s.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [users, `${USER_B}/intruder.txt`]);
      expect(rows).toEqual([]);
    });

    it("hides another user's objects from every read and write", async () => {
      const a = await userClient(suite.s, USER_A);
      const b = await userClient(suite.s, USER_B);
      await a.storage.from(users).upload(`${USER_A}/private.txt`, 'only A', { upsert: true });
      const f = b.storage.from(users);
      expect((await f.download(`${USER_A}/private.txt`)).error).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
      expect((await f.exists(`${USER_A}/private.txt`)).data).toBe(false);
      expect((await f.createSignedUrl(`${USER_A}/private.txt`, 60)).error).toMatchObject({ code: 'NoSuchKey' });
      expect((await f.createSignedUrls([`${USER_A}/private.txt`], 60)).data![0]!.signedUrl).toBeNull();
      expect((await f.list()).data).toEqual([]);
      expect((await f.listV2({ prefix: '' })).data!.objects).toEqual([]);
      expect(await f.remove([`${USER_A}/private.txt`])).toEqual({ data: [], error: null });
      expect((await f.move(`${USER_A}/private.txt`, `${USER_B}/stolen.txt`)).error).toMatchObject({ code: 'NoSuchKey' });
      expect((await f.copy(`${USER_A}/private.txt`, `${USER_B}/stolen.txt`)).error).toMatchObject({ code: 'NoSuchKey' });
      expect(await (await a.storage.from(users).download(`${USER_A}/private.txt`)).data!.text()).toBe('only A');
      // …and A cannot move its own object into B's folder (UPDATE's WITH CHECK).
      expect((await a.storage.from(users).move(`${USER_A}/private.txt`, `${USER_B}/gift.txt`)).error).toMatchObject({ statusCode: '403' });
    });

    it('lets the owner remove and move their own objects', async () => {
      const a = await userClient(suite.s, USER_A);
      const f = a.storage.from(users);
      await f.upload(`${USER_A}/tmp.txt`, 'tmp');
      expect((await f.move(`${USER_A}/tmp.txt`, `${USER_A}/moved.txt`)).error).toBeNull();
      const removed = await f.remove([`${USER_A}/moved.txt`]);
      expect(removed.data!.map((o) => o.name)).toEqual([`${USER_A}/moved.txt`]);
    });

    it('keeps anon out of private data but lets it read the public bucket', async () => {
      const anon = suite.s.anon();
      expect((await anon.storage.from(users).upload(`${USER_A}/anon.txt`, 'x')).error).toMatchObject({ statusCode: '403' });
      expect((await anon.storage.from(users).list(USER_A)).data).toEqual([]);
      expect((await anon.storage.from(users).download(`${USER_A}/photo.txt`)).error).toMatchObject({ code: 'NoSuchKey' });
      expect((await anon.storage.from(pub).upload('anon.txt', 'x')).error).toMatchObject({ statusCode: '403' });
      expect(await (await anon.storage.from(pub).download('hello.txt')).data!.text()).toBe('hello world');
      expect((await anon.storage.from(pub).list()).data!.map((o) => o.name)).toEqual(['hello.txt']);
      expect((await anon.storage.listBuckets()).data).toEqual([]);
      expect((await anon.storage.getBucket(pub)).error).toMatchObject({ statusCode: '404' });
    });

    it('applies bucket policies: users see buckets but cannot create or delete them', async () => {
      const a = await userClient(suite.s, USER_A);
      expect((await a.storage.listBuckets({ search: users })).data!.map((x) => x.id)).toEqual([users]);
      expect((await a.storage.createBucket(uniqueBucket('mine'), { public: false })).error).toMatchObject({ statusCode: '403' });
      expect((await a.storage.updateBucket(pub, { public: false })).error).toMatchObject({ statusCode: '404' });
      expect((await suite.s.service().storage.getBucket(pub)).data?.public).toBe(true);
    });

    it('answers bad credentials with AccessDenied in Storage shape (HTTP 400, statusCode 403)', async () => {
      const expired = await signToken({ sub: USER_A, role: 'authenticated' }, { expiresIn: -120 });
      const cases: [string | undefined, string][] = [
        [expired, '"exp" claim timestamp check failed'],
        [tamper(await signToken({ role: 'authenticated' }), { role: 'service_role' }), 'signature verification failed'],
        ['not-a-jwt', 'Invalid Compact JWS'],
      ];
      for (const [token, message] of cases) {
        const headers: Record<string, string> = token ? { apikey: suite.s.keys.anonKey, authorization: `Bearer ${token}` } : {};
        const res = await suite.s.fetch('/storage/v1/bucket', { headers });
        expect(res.status, message).toBe(400);
        expect(await res.json()).toEqual({ statusCode: '403', error: 'Unauthorized', code: 'AccessDenied', message });
      }
      const viaClient = await suite.s.client(expired).storage.from(pub).upload('x.txt', 'x');
      expect(viaClient.error).toMatchObject({ status: 400, statusCode: '403', code: 'AccessDenied' });
      // Reads of a public bucket do not need a valid token (upstream's allowInvalidJwt routes).
      expect((await suite.s.client(expired).storage.from(pub).download('hello.txt')).error).toBeNull();
    });
  });
}
