import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';

/** Bytes `start`..`end`, both inclusive, as in a Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  contentType: string;
  cacheControl: string;
}

/**
 * Where object bytes live. Metadata (names, owners, sizes, ETags) is in `storage.objects`; a
 * backend only stores immutable blobs under keys from `blobKey`, so a new upload never touches
 * the bytes a reader may be streaming.
 */
export interface StorageBackend {
  readonly kind: 'file' | 's3';
  /** Stores `body` under `key` so that it appears whole or not at all. Rejects if `body` errors. */
  put(key: string, body: Readable, opts: PutOptions): Promise<void>;
  /** The blob's bytes, or a slice of them. Rejects with NoSuchKey if the blob is missing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Missing keys are ignored. Files derived from a blob (image renditions) go with it. */
  delete(keys: string[]): Promise<void>;
  /**
   * A small file derived from a blob (an image rendition), stored beside it so every server
   * instance shares it; undefined when there is none yet. Derived files of one blob version
   * never change, so a concurrent writer only ever writes the same bytes.
   */
  readDerived(blob: string, name: string): Promise<Buffer | undefined>;
  writeDerived(blob: string, name: string, bytes: Buffer): Promise<void>;
  /** Where resumable (TUS) uploads collect their bytes until finished; its module loads with the first (decision 0421). */
  tusStore(): Promise<DataStore>;
  /** The TUS store's id for an upload; the URL only ever carries the UUID. */
  tusId(uploadUuid: string): string;
  /** Moves a finished TUS upload to `key`; returns its ETag (quoted). */
  adoptTusUpload(tusId: string, key: string, opts: PutOptions): Promise<string>;
  close(): Promise<void>;
}

/**
 * The blob key of one version of an object. `~` cannot occur in bucket names or keys, so
 * `<name>~<version>` never collides with another object's blob or folder.
 */
export function blobKey(bucket: string, name: string, version: string): string {
  return `${bucket}/${name}~${version}`;
}

/** Where a blob's derived files live: `~render/<blob key>/`. `~` is never the start of a bucket name. */
export function derivedPrefix(blob: string): string {
  return `~render/${blob}/`;
}
