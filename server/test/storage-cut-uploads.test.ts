import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliServer, type CliServer } from './helpers/cli-server.ts';
import type { CliRun } from './helpers/run-cli.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';

// Issue 30 (the storage-file test that failed once on PostgreSQL): a client that goes away while
// the server still checks the upload (bucket, RLS probe) destroyed the request before the server
// piped it into the store. `pipe` from a destroyed stream never ends: the handler waited forever
// with its temp file open, one leaked file and one hung request per such client.

const EMPTY_PROJECT = fileURLToPath(new URL('./fixtures/empty-project', import.meta.url));

/** Sends an upload's headers and a few bytes of a longer body, then drops the connection. */
function cutUpload(url: string, key: string, path: string): Promise<void> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      const head =
        `POST ${path} HTTP/1.1\r\nhost: ${u.host}\r\nauthorization: Bearer ${key}\r\napikey: ${key}\r\n` +
        'content-type: application/octet-stream\r\ncontent-length: 100000\r\n\r\n';
      socket.write(head + 'x'.repeat(1000), () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on('error', () => resolve());
  });
}

describe(`an upload whose client leaves before the body is read (file storage, ${driverName})`, { timeout: 120_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'gather-cut-'));
  let testDb: TestDb | undefined;
  let server: CliServer | undefined;
  let run: CliRun;
  let url: string;
  let serviceKey: string;

  beforeAll(async () => {
    if (driverName === 'postgres') testDb = await createTestDb();
    // Debug: the storage module says when it has finished with a request whose client is gone.
    server = await startCliServer(['--project', EMPTY_PROJECT, '--db', testDb?.target ?? 'memory', '--port', '0', '--db-port', 'off', '--storage', root], {
      GATHER_LOG_LEVEL: 'debug',
    });
    ({ run, url, serviceKey } = server);
    const sb = createClient(url, serviceKey, { auth: { persistSession: false } });
    expect((await sb.storage.createBucket('cut', { public: false })).error).toBeNull();
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('finishes the request and keeps no temp file', async () => {
    const finished = run.waitFor(/storage: client disconnected/);
    await cutUpload(url, serviceKey, '/storage/v1/object/cut/gone.bin');
    // Bounded: the old server never got there (its handler hung), and a test must not hang instead.
    const outcome = await Promise.race([finished.then(() => 'finished'), new Promise((r) => setTimeout(() => r('still running after 30 s'), 30_000))]);
    expect(outcome).toBe('finished');
    const tmp = join(root, '~tmp');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
    expect(existsSync(join(root, 'cut')) ? readdirSync(join(root, 'cut')) : []).toEqual([]);
  });
});
