import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliServer, type CliServer } from './helpers/cli-server.ts';
import type { CliRun } from './helpers/run-cli.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';
import { tusRequest, uploadMetadata } from './helpers/tus-client.ts';

// Issue 30: on a full disk a plain upload's connection was reset with nothing logged, and a
// resumable one answered 500 with the raw ENOSPC. Now 507 in Storage's shape, logged, nothing
// half-written kept, and the server goes on answering (decision 0271). The disk is a real one: a
// 1 MiB tmpfs mounted as the storage folder, which needs root (CAP_SYS_ADMIN) on Linux.

const EMPTY_PROJECT = fileURLToPath(new URL('./fixtures/empty-project', import.meta.url));
const DISK_BYTES = 1024 * 1024;

/** A tmpfs of DISK_BYTES at a fresh folder, or why there can be none here. */
function mountSmallDisk(): { dir: string } | { why: string } {
  const dir = mkdtempSync(join(tmpdir(), 'gather-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES}`, 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { why: String((err as { stderr?: Buffer }).stderr ?? (err as Error).message).trim() };
  }
}

/** Every file under `dir`, relative to it (a file removed while listing is not there). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f), { throwIfNoEntry: false })?.isFile()).sort();
}

const disk = mountSmallDisk();
if ('why' in disk) console.log(`storage-full-disk: skipped: cannot mount a small tmpfs as the storage folder (${disk.why}); run as root on Linux`);

describe.skipIf('why' in disk)(`uploads to a full disk (file storage, ${driverName})`, { timeout: 120_000 }, () => {
  const root = 'dir' in disk ? disk.dir : '';
  let testDb: TestDb | undefined;
  let server: CliServer | undefined;
  let run: CliRun;
  let url: string;
  let serviceKey: string;
  let sb: SupabaseClient;
  const bucket = 'full';

  beforeAll(async () => {
    if (driverName === 'postgres') testDb = await createTestDb();
    server = await startCliServer(['--project', EMPTY_PROJECT, '--db', testDb?.target ?? 'memory', '--port', '0', '--db-port', 'off', '--storage', root], {
      GATHER_LOG_LEVEL: 'error',
    });
    ({ run, url, serviceKey } = server);
    sb = createClient(url, serviceKey, { auth: { persistSession: false } });
    expect((await sb.storage.createBucket(bucket, { public: false })).error).toBeNull();
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
    try {
      execFileSync('umount', [root]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  const tooBig = () => Buffer.alloc(DISK_BYTES * 2, 7);
  const insufficientStorage = { statusCode: '507', error: 'Insufficient Storage', code: 'InsufficientStorage' };

  async function nothingKept(name: string) {
    // The server removes its temp file before it answers.
    expect(filesUnder(join(root, '~tmp'))).toEqual([]);
    expect(filesUnder(join(root, bucket))).toEqual([]);
    expect((await sb.storage.from(bucket).list()).data?.map((o) => o.name)).not.toContain(name);
  }

  it('answers a binary-body upload 507 in Storage\'s shape, logs it, and keeps nothing', async () => {
    const res = await fetch(`${url}/storage/v1/object/${bucket}/raw.bin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${serviceKey}`, apikey: serviceKey, 'content-type': 'application/octet-stream' },
      body: tooBig(),
    });
    expect(res.status).toBe(507);
    expect(await res.json()).toMatchObject({ ...insufficientStorage, message: expect.stringContaining('space') });
    await nothingKept('raw.bin');
    await expect.poll(() => run.output()).toMatch(/"level":50.*"msg":"storage: no space left where objects are stored/);
  });

  it('answers a multipart upload (supabase-js with a Blob) 507 and keeps nothing', async () => {
    const { error } = await sb.storage.from(bucket).upload('form.bin', new Blob([tooBig()]));
    expect(error).toMatchObject({ statusCode: '507', message: expect.stringContaining('space') });
    await nothingKept('form.bin');
  });

  it('answers a resumable upload 507 without the raw error, and the upload can be dropped', async () => {
    const created = await tusRequest(`${url}/storage/v1/upload/resumable`, 'POST', {
      authorization: `Bearer ${serviceKey}`,
      'upload-length': String(DISK_BYTES * 2),
      'upload-metadata': uploadMetadata({ bucketName: bucket, objectName: 'tus.bin' }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const patch = await tusRequest(
      location,
      'PATCH',
      { authorization: `Bearer ${serviceKey}`, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      tooBig(),
    );
    expect(patch.status).toBe(507);
    expect(patch.text).not.toMatch(/ENOSPC/);
    expect(patch.text).toMatch(/space/);
    await nothingKept('tus.bin');
    // Terminating the upload frees what it staged.
    const dropped = await tusRequest(location, 'DELETE', { authorization: `Bearer ${serviceKey}` });
    expect(dropped.status).toBe(204);
    expect(filesUnder(join(root, '~tus'))).toEqual([]);
  });

  it('refuses a resumable creation on a disk already full with 507, leaving no staged file', async () => {
    const filler = join(root, 'filler');
    try {
      writeFileSync(filler, Buffer.alloc(DISK_BYTES));
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC'); // full, as meant
    }
    try {
      const created = await tusRequest(`${url}/storage/v1/upload/resumable`, 'POST', {
        authorization: `Bearer ${serviceKey}`,
        'upload-length': '10',
        'upload-metadata': uploadMetadata({ bucketName: bucket, objectName: 'late.bin' }),
      });
      expect({ status: created.status, text: created.text }).toEqual({ status: 507, text: 'There is no space left to store the object' });
      expect(filesUnder(join(root, '~tus'))).toEqual([]);
      const { error } = await sb.storage.from(bucket).upload('late.txt', 'x');
      expect(error).toMatchObject({ statusCode: '507' });
      await nothingKept('late.txt');
    } finally {
      rmSync(filler, { force: true });
    }
  });

  it('goes on serving: an object that fits is stored and read back', async () => {
    expect((await sb.storage.from(bucket).upload('small.txt', 'fits')).error).toBeNull();
    const { data } = await sb.storage.from(bucket).download('small.txt');
    expect(await data?.text()).toBe('fits');
  });
});
