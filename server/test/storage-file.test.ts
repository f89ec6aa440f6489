import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startTestServer } from './helpers/test-server.ts';
import { rawRequest, serviceHeaders, tempDir, uniqueBucket, type StorageSuite } from './helpers/storage-harness.ts';
import { BAD_KEYS } from './helpers/storage-suite-keys.ts';
import { storageSuite } from './helpers/storage-suite.ts';

/** Every file under `dir`, relative to it; one the server removes while we list is not there. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f), { throwIfNoEntry: false })?.isFile())
    .sort();
}

const workDir = tempDir('gather-storage-');
const root = join(workDir, 'root');
const suite = { backend: `file, ${driverName}` } as StorageSuite;

beforeAll(async () => {
  suite.s = await startTestServer({ storage: root });
});
afterAll(() => suite.s.stop());

storageSuite(suite);

describe(`local folder backend (${driverName})`, () => {
  it('stores blobs as files under the root, one per version, and drops replaced versions', async () => {
    const sb = suite.s.service();
    const bucket = uniqueBucket('disk');
    await sb.storage.createBucket(bucket, { public: false });
    await sb.storage.from(bucket).upload('dir/a.txt', 'v1');
    await sb.storage.from(bucket).update('dir/a.txt', 'v2');
    const files = filesUnder(join(root, bucket));
    expect(files).toEqual([expect.stringMatching(/^dir\/a\.txt~[0-9a-f-]{36}$/)]);
    await sb.storage.from(bucket).remove(['dir/a.txt']);
    expect(filesUnder(join(root, bucket))).toEqual([]);
    expect(existsSync(join(root, bucket, 'dir'))).toBe(false); // empty folders pruned
  });

  it('leaves no object and no partial file when an upload is cut off or too large', async () => {
    const sb = suite.s.service();
    const bucket = uniqueBucket('atomic');
    await sb.storage.createBucket(bucket, { public: false, fileSizeLimit: 100_000 });
    const tmp = join(root, '~tmp');
    let sent = false;
    const failing = new Readable({
      read() {
        if (sent) return;
        sent = true;
        this.push(Buffer.alloc(64 * 1024, 1));
        // Cut once the server streams into its temp file (or after 10 s): it then has one to clean
        // up, and the checks below cannot run before it even started (the race seen in CI).
        void (async () => {
          for (let i = 0; i < 500 && filesUnder(tmp).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
          this.destroy(new Error('client went away'));
        })();
      },
    });
    const cut = await sb.storage.from(bucket).upload('cut.bin', failing).catch((err: unknown) => ({ error: err }));
    expect(cut.error).toBeTruthy();
    const big = await sb.storage.from(bucket).upload('big.bin', Readable.from([Buffer.alloc(60_000), Buffer.alloc(60_000)]));
    expect(big.error).toMatchObject({ statusCode: '413' });
    // The server cleans up after a reset connection as soon as it notices, without anyone to answer.
    await expect.poll(() => filesUnder(tmp), { timeout: 10_000 }).toEqual([]);
    expect(filesUnder(join(root, bucket))).toEqual([]);
    expect((await sb.storage.from(bucket).list()).data).toEqual([]);
  });

  it('writes nothing outside the storage root, whatever the key', async () => {
    const before = filesUnder(workDir).filter((f) => !f.startsWith('root/'));
    const bucket = uniqueBucket('escape');
    await suite.s.service().storage.createBucket(bucket, { public: false });
    for (const [wire] of BAD_KEYS) {
      await rawRequest(suite.s, 'POST', `/storage/v1/object/${bucket}/${wire}`, { headers: { ...serviceHeaders(suite.s), 'content-type': 'text/plain' }, body: 'escaped!' });
    }
    const after = filesUnder(workDir).filter((f) => !f.startsWith('root/'));
    expect(after).toEqual(before);
    for (const f of filesUnder(root)) expect(relative(root, join(root, f)).startsWith('..')).toBe(false);
    expect(filesUnder(join(root, bucket))).toEqual([]);
  });
});
