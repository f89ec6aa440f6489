import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { ConfigFlags } from '../../src/config/load-config.ts';
import { tempDir } from './storage-harness.ts';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverCtor = new (opts: Record<string, unknown>) => S3rverInstance;

export interface LocalS3 {
  /** Server flags for `--storage s3://…` against this s3rver. */
  flags: ConfigFlags;
  endpoint: string;
  stop(): Promise<void>;
}

const BUCKET = 'gather-test';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * s3rver (an S3-compatible server, a dev dependency) on loopback, a free port and a temp
 * folder, with one bucket; the storage backend stores everything in it under a prefix.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverCtor;
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(tempDir('gather-s3rver-'), 'data') });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  try {
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    flags: {
      storage: `s3://${BUCKET}/objects`,
      storageS3Endpoint: endpoint,
      storageS3AccessKeyId: CREDENTIALS.accessKeyId,
      storageS3SecretAccessKey: CREDENTIALS.secretAccessKey,
      storageS3ForcePathStyle: 'true',
    },
    stop: () => server.close(),
  };
}
