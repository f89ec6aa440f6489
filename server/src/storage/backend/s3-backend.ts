import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import { ERRORS } from '../storage-errors.ts';
import { fromS3Refusal } from './s3-store-errors.ts';
import { derivedPrefix, type ByteRange, type PutOptions, type StorageBackend } from './storage-backend.ts';

export interface S3Location {
  bucket: string;
  /** Key prefix inside the S3 bucket ("" or ending in "/"). */
  prefix: string;
}

/** `s3://bucket` or `s3://bucket/some/prefix`. */
export function parseS3Url(url: string): S3Location {
  const m = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url);
  if (!m || !m[1]) throw new Error(`storage: "${url}" is not an s3://bucket[/prefix] URL`);
  const prefix = m[2]!.replace(/^\/+|\/+$/g, '');
  return { bucket: m[1], prefix: prefix ? `${prefix}/` : '' };
}

/** A key as it appears in an `x-amz-copy-source` path: each segment percent-encoded. */
function copySource(bucket: string, key: string): string {
  return `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

const PART_SIZE = 8 * 1024 * 1024;
const TUS_EXPIRY_MS = 24 * 3600 * 1000;

/**
 * Blobs in one S3 bucket (AWS, MinIO, R2, s3rver…) under `<prefix><bucket>/<name>~<version>`.
 * Uploads stream through lib-storage (multipart above 8 MiB, at most 4 parts in memory);
 * S3 itself makes an object visible only once complete. Resumable uploads collect their
 * chunks in a local staging folder and go to S3 in one streamed upload when finished
 * (@tus/s3-store needs ListParts, which not every S3-compatible server has).
 */
export class S3Backend implements StorageBackend {
  readonly kind = 's3';
  readonly client: S3Client;
  private readonly loc: S3Location;
  private readonly stagingDir: string;
  private store: FileStore | undefined;

  constructor(loc: S3Location, config: S3ClientConfig, stagingDir: string) {
    this.loc = loc;
    this.client = new S3Client(config);
    this.stagingDir = path.resolve(stagingDir);
  }

  private key(key: string): string {
    return this.loc.prefix + key;
  }

  async put(key: string, body: Readable, opts: PutOptions): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.loc.bucket, Key: this.key(key), Body: body, ContentType: opts.contentType, CacheControl: opts.cacheControl },
      partSize: PART_SIZE,
      queueSize: 4,
      // Left to us: lib-storage's own abort, if the store refuses it too (s3rver has no
      // AbortMultipartUpload), replaces the error that made it abort.
      leavePartsOnError: true,
    });
    // lib-storage does not always notice a source stream error on its own.
    const failed = new Promise<never>((_, reject) => body.once('error', reject));
    try {
      await Promise.race([upload.done(), failed]);
    } catch (err) {
      await upload.abort().catch(() => {});
      if (upload.uploadId) {
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.loc.bucket, Key: this.key(key), UploadId: upload.uploadId }))
          .catch(() => {});
      }
      throw fromS3Refusal(err);
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.loc.bucket,
          Key: this.key(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return res.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw ERRORS.noSuchKey();
      throw fromS3Refusal(err);
    }
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.loc.bucket,
          Key: this.key(toKey),
          CopySource: copySource(this.loc.bucket, this.key(fromKey)),
        }),
      );
    } catch (err) {
      if (isNotFound(err)) throw ERRORS.noSuchKey();
      throw fromS3Refusal(err);
    }
  }

  async delete(keys: string[]): Promise<void> {
    const all = [...keys];
    for (const key of keys) all.push(...(await this.listKeys(derivedPrefix(key))));
    for (let i = 0; i < all.length; i += 1000) {
      const batch = all.slice(i, i + 1000).map((k) => ({ Key: this.key(k) }));
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.loc.bucket, Delete: { Objects: batch, Quiet: true } }));
    }
  }

  /** Every key under `prefix` (relative to this backend's own prefix). */
  private async listKeys(prefix: string): Promise<string[]> {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.loc.bucket, Prefix: this.key(prefix), ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key.slice(this.loc.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async readDerived(blob: string, name: string): Promise<Buffer | undefined> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.loc.bucket, Key: this.key(derivedPrefix(blob) + name) }));
      return Buffer.from(await res.Body!.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async writeDerived(blob: string, name: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.loc.bucket, Key: this.key(derivedPrefix(blob) + name), Body: bytes }),
    );
  }

  async tusStore(): Promise<DataStore> {
    this.store ??= new FileStore({ directory: this.stagingDir, expirationPeriodInMilliseconds: TUS_EXPIRY_MS });
    return this.store;
  }

  tusId(uploadUuid: string): string {
    return uploadUuid;
  }

  async adoptTusUpload(tusId: string, key: string, opts: PutOptions): Promise<string> {
    const file = path.join(this.stagingDir, path.basename(tusId));
    const hash = createHash('md5');
    const body = new PassThrough();
    body.on('data', (c: Buffer) => hash.update(c));
    await Promise.all([pipeline(createReadStream(file), body), this.put(key, body, opts)]);
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
    return `"${hash.digest('hex')}"`;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
