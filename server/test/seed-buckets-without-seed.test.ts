import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBuckets } from '../src/storage/seed-buckets.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 22, item 5 (decision 0221): config.toml's buckets were created only when seed.sql
// existed. The CLI creates them on start regardless; without a seed.sql each start creates the
// buckets still missing (with their objects_path files) and leaves existing ones alone.

let dir: string;
let s: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gather-buckets-no-seed-'));
  mkdirSync(join(dir, 'media'), { recursive: true });
  writeFileSync(join(dir, 'config.toml'), `[storage.buckets.avatars]\npublic = true\nobjects_path = "./media"\n\n[storage.buckets.private-docs]\nfile_size_limit = "2MiB"\n`);
  writeFileSync(join(dir, 'media/hello.txt'), 'hello');
  s = await startTestServer({ project: dir, storage: join(dir, '.storage') }, { seed: true });
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe(`config.toml buckets without seed.sql (${driverName})`, () => {
  it('are created on start, with their objects', async () => {
    const { data, error } = await s.service().storage.listBuckets();
    expect(error).toBeNull();
    expect(data!.map((b) => [b.id, b.public]).sort()).toEqual([['avatars', true], ['private-docs', false]]);
    const res = await s.fetch('/storage/v1/object/public/avatars/hello.txt');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello');
  });

  it('a later start leaves existing buckets as the app changed them', async () => {
    await s.service().storage.updateBucket('avatars', { public: false });
    expect(await seedBuckets(s.db, s.config, undefined, { onlyMissing: true })).toEqual({ buckets: 0, uploaded: 0, unchanged: 0 });
    expect((await s.service().storage.getBucket('avatars')).data!.public).toBe(false);
  });
});
