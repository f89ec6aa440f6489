import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, copyFile, mkdir, open, readFile, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DataStore } from '@tus/utils';
import { ERRORS, fromNoSpace } from '../storage-errors.ts';
import { resolveUnderRoot } from './secure-path.ts';
import { derivedPrefix, type ByteRange, type PutOptions, type StorageBackend } from './storage-backend.ts';

/** Names under the root that no bucket can take (`~` is not allowed in bucket names). */
const TMP_DIR = '~tmp';
const TUS_DIR = '~tus';
const TUS_EXPIRY_MS = 24 * 3600 * 1000;

function isCode(err: unknown, ...codes: string[]): boolean {
  return codes.includes((err as NodeJS.ErrnoException)?.code ?? '');
}

/** Turns "name too long" from the filesystem into the InvalidKey answer it deserves. */
function keyError(err: unknown, key: string): unknown {
  return isCode(err, 'ENAMETOOLONG', 'ENOTDIR', 'EISDIR') ? ERRORS.invalidKey(key) : err;
}

/**
 * Blobs as files under one folder: `<root>/<bucket>/<name>~<version>`. Writes go to
 * `<root>/~tmp/` first and are renamed into place once complete and flushed, so a crash leaves
 * at most an orphaned temp file, never half an object.
 */
export class FileBackend implements StorageBackend {
  readonly kind = 'file';
  readonly root: string;
  private store: Promise<DataStore> | undefined;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    return resolveUnderRoot(this.root, key);
  }

  /** Renames `from` to the key's path, creating folders; retries once if a concurrent delete pruned them. */
  private async moveInto(from: string, key: string): Promise<void> {
    const dest = this.pathOf(key);
    for (let attempt = 0; ; attempt++) {
      try {
        await mkdir(path.dirname(dest), { recursive: true });
        await rename(from, dest);
        return;
      } catch (err) {
        if (attempt === 0 && isCode(err, 'ENOENT')) continue;
        throw keyError(err, key);
      }
    }
  }

  async put(key: string, body: Readable, _opts: PutOptions): Promise<void> {
    this.pathOf(key); // refuse a bad key before reading the body
    const tmpDir = path.join(this.root, TMP_DIR);
    const tmp = path.join(tmpDir, randomUUID());
    try {
      await mkdir(tmpDir, { recursive: true });
      // `flush` fsyncs before close: the rename must never expose bytes still in the page cache.
      await pipeline(body, createWriteStream(tmp, { flags: 'wx', flush: true }));
      await this.moveInto(tmp, key);
    } catch (err) {
      await rm(tmp, { force: true });
      throw fromNoSpace(err);
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    let fh;
    try {
      fh = await open(this.pathOf(key), 'r');
    } catch (err) {
      if (isCode(err, 'ENOENT', 'ENOTDIR')) throw ERRORS.noSuchKey();
      throw err;
    }
    return fh.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const from = this.pathOf(fromKey);
    const dest = this.pathOf(toKey);
    try {
      await mkdir(path.dirname(dest), { recursive: true });
      // Blobs are never modified in place, so a hard link is a safe, instant copy.
      await link(from, dest).catch(async (err) => {
        if (!isCode(err, 'EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK')) throw err;
        await copyFile(from, dest);
      });
    } catch (err) {
      if (isCode(err, 'ENOENT')) throw ERRORS.noSuchKey();
      throw fromNoSpace(keyError(err, toKey));
    }
  }

  async delete(keys: string[]): Promise<void> {
    const dirs = new Set<string>();
    for (const key of keys) {
      const file = this.pathOf(key);
      await unlink(file).catch((err) => {
        if (!isCode(err, 'ENOENT', 'ENOTDIR')) throw err;
      });
      dirs.add(path.dirname(file));
      const derived = this.pathOf(derivedPrefix(key));
      await rm(derived, { recursive: true, force: true });
      dirs.add(path.dirname(derived));
    }
    for (const dir of dirs) await this.pruneEmptyDirs(dir);
  }

  /** Removes now-empty folders up to (not including) the bucket folder. */
  private async pruneEmptyDirs(dir: string): Promise<void> {
    let current = dir;
    while (path.dirname(current) !== this.root && current.startsWith(this.root + path.sep)) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty, already gone, or busy: stop
      }
      current = path.dirname(current);
    }
  }

  async readDerived(blob: string, name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(derivedPrefix(blob) + name));
    } catch (err) {
      if (isCode(err, 'ENOENT', 'ENOTDIR')) return undefined;
      throw err;
    }
  }

  async writeDerived(blob: string, name: string, bytes: Buffer): Promise<void> {
    const tmpDir = path.join(this.root, TMP_DIR);
    const tmp = path.join(tmpDir, randomUUID());
    try {
      await mkdir(tmpDir, { recursive: true });
      // No fsync: a rendition lost in a crash is simply rendered again.
      await writeFile(tmp, bytes, { flag: 'wx' });
      await this.moveInto(tmp, derivedPrefix(blob) + name);
    } catch (err) {
      await rm(tmp, { force: true });
      throw fromNoSpace(err);
    }
  }

  tusStore(): Promise<DataStore> {
    this.store ??= import('./file-tus-store.ts').then(
      ({ FileTusStore }) => new FileTusStore({ directory: path.join(this.root, TUS_DIR), expirationPeriodInMilliseconds: TUS_EXPIRY_MS }),
    );
    return this.store;
  }

  tusId(uploadUuid: string): string {
    return uploadUuid;
  }

  async adoptTusUpload(tusId: string, key: string, _opts: PutOptions): Promise<string> {
    const file = this.pathOf(`${TUS_DIR}/${tusId}`);
    const hash = createHash('md5');
    await pipeline(createReadStream(file), hash);
    await this.moveInto(file, key).catch((err) => {
      throw fromNoSpace(err); // a new folder for the object needs a block too
    });
    await rm(`${file}.json`, { force: true });
    return `"${hash.digest('hex')}"`;
  }

  async close(): Promise<void> {}
}
