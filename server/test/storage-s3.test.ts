import { afterAll, beforeAll, describe, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startTestServer } from './helpers/test-server.ts';
import { startLocalS3, type LocalS3 } from './helpers/s3rver-harness.ts';
import type { StorageSuite } from './helpers/storage-harness.ts';
import { storageSuite } from './helpers/storage-suite.ts';

/** The same suite as storage-file.test.ts, with blobs in an S3-compatible store (s3rver). */
let s3: LocalS3 | undefined;
let notStarted: string | undefined;
try {
  s3 = await startLocalS3();
} catch (err) {
  notStarted = (err as Error).message;
  console.warn(`\n*** S3 storage suite NOT RUN: s3rver could not start (${notStarted}) ***\n`);
}

if (s3) {
  const local = s3;
  const suite = { backend: `s3, ${driverName}` } as StorageSuite;
  beforeAll(async () => {
    suite.s = await startTestServer(local.flags);
  });
  afterAll(async () => {
    await suite.s?.stop();
    await local.stop();
  });
  storageSuite(suite);
} else {
  describe('S3 storage backend', () => {
    it.skip(`NOT RUN: s3rver could not start (${notStarted})`, () => {});
  });
}
