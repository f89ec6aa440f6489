import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.ts';
import { SeedBucketsError, seedBuckets } from '../src/storage/seed-buckets.ts';
import { runCli } from './helpers/run-cli.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// `[storage.buckets.<name>] objects_path` as `supabase seed buckets` reads it: the files are
// uploaded with the seed (first start, `gather-server seed`, `reset`), and again only when changed.

const PNG = (n: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(n, 7)]);

let dir: string;
let storage: string;
let s: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gather-seed-buckets-'));
  storage = join(dir, '.storage');
  mkdirSync(join(dir, 'media/pics/nested'), { recursive: true });
  writeFileSync(
    join(dir, 'config.toml'),
    `[storage.buckets.pics]
public = true
file_size_limit = "1MiB"
allowed_mime_types = ["image/png"]
objects_path = "./media/pics"

[storage.buckets.private-docs]
file_size_limit = "2MiB"
`,
  );
  writeFileSync(join(dir, 'seed.sql'), 'select 1;\n');
  writeFileSync(join(dir, 'media/pics/two.png'), PNG(100));
  writeFileSync(join(dir, 'media/pics/nested/one.png'), PNG(50));
  writeFileSync(join(dir, 'media/pics/.DS_Store'), 'junk');
  s = await startTestServer({ project: dir, storage }, { seed: true });
});
afterAll(async () => {
  await s.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe(`seed buckets (${driverName})`, () => {
  it('creates the buckets and uploads every file under objects_path on the first start', async () => {
    const { rows } = await s.db.query<{ id: string; public: boolean; file_size_limit: string; allowed_mime_types: string[] | null }>(
      'select id, public, file_size_limit::text, allowed_mime_types from storage.buckets order by id',
    );
    expect(rows).toEqual([
      { id: 'pics', public: true, file_size_limit: String(1024 * 1024), allowed_mime_types: ['image/png'] },
      { id: 'private-docs', public: false, file_size_limit: String(2 * 1024 * 1024), allowed_mime_types: null },
    ]);
    const res = await s.fetch('/storage/v1/object/public/pics/nested/one.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG(50))).toBe(true);
    const { data } = await s.service().storage.from('pics').list('', { sortBy: { column: 'name', order: 'asc' } });
    expect(data!.map((o) => o.name)).toEqual(['nested', 'two.png']); // no .DS_Store
  });

  it('uploads again only what changed, and drops the bytes it replaced', async () => {
    expect(await seedBuckets(s.db, s.config)).toEqual({ buckets: 2, uploaded: 0, unchanged: 2 });
    writeFileSync(join(dir, 'media/pics/two.png'), PNG(200));
    expect(await seedBuckets(s.db, s.config)).toEqual({ buckets: 2, uploaded: 1, unchanged: 1 });
    const res = await s.fetch('/storage/v1/object/public/pics/two.png');
    expect((await res.arrayBuffer()).byteLength).toBe(208);
    expect(readdirSync(join(storage, 'pics')).filter((f) => f.startsWith('two.png~'))).toHaveLength(1);
  });

  it("refuses a file the bucket would refuse, naming it", async () => {
    writeFileSync(join(dir, 'media/pics/notes.txt'), 'not a picture');
    try {
      const err = await seedBuckets(s.db, s.config).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SeedBucketsError);
      expect((err as Error).message).toMatch(/notes\.txt: bucket pics does not accept text\/plain/);
    } finally {
      rmSync(join(dir, 'media/pics/notes.txt'));
    }
    const missing = loadConfig({ project: dir, storage }, {});
    missing.storageBuckets.pics!.objectsPath = './nowhere';
    await expect(seedBuckets(s.db, missing)).rejects.toThrow(/\[storage\.buckets\.pics\] objects_path: ENOENT/);
  });

  it('uploads with `gather-server seed` and `seed buckets`, and says so', { timeout: 120_000 }, async () => {
    const seed = runCli(['seed', '--project', dir, '--db', 'memory', '--storage', join(dir, '.cli-storage')]);
    expect(await seed.exited).toBe(0);
    expect(seed.output()).toContain('loaded seed.sql');
    expect(seed.output()).toContain('uploaded 2 seed file(s) to 2 bucket(s)');
    const buckets = runCli(['seed', 'buckets', '--project', dir, '--db', 'memory', '--storage', join(dir, '.cli-storage')]);
    expect(await buckets.exited).toBe(0);
    expect(buckets.output()).not.toContain('seed.sql');
    expect(buckets.output()).toContain('uploaded 2 seed file(s) to 2 bucket(s)');
  });
});
