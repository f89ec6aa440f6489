import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../../config/config-schema.ts';
import { FileBackend } from './file-backend.ts';
import type { StorageBackend } from './storage-backend.ts';

/**
 * The backend `--storage` names: a folder (absolute after config loading) or `s3://bucket[/prefix]`.
 * The S3 one is imported only then: the AWS SDK costs ~0.4 s of CPU to load (decision 0421).
 */
export async function createBackend(config: Config): Promise<StorageBackend> {
  if (!config.storage.startsWith('s3://')) return new FileBackend(config.storage);
  const { parseS3Url, S3Backend } = await import('./s3-backend.ts');
  const credentials =
    config.storageS3AccessKeyId && config.storageS3SecretAccessKey
      ? { accessKeyId: config.storageS3AccessKeyId, secretAccessKey: config.storageS3SecretAccessKey }
      : undefined; // else the AWS SDK's default chain (AWS_* env, profile, instance role)
  // Resumable uploads are staged on local disk, one folder per store.
  const staging = path.join(tmpdir(), 'gather-tus', createHash('sha256').update(`${config.storageS3Endpoint}|${config.storage}`).digest('hex').slice(0, 16));
  return new S3Backend(
    parseS3Url(config.storage),
    {
      region: config.storageS3Region,
      endpoint: config.storageS3Endpoint,
      forcePathStyle: config.storageS3ForcePathStyle ?? config.storageS3Endpoint !== undefined,
      credentials,
    },
    staging,
  );
}
