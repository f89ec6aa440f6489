import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS as TUS_ERRORS, isPathInsideDirectory, type Upload } from '@tus/utils';
import { ERRORS, isNoSpace } from '../storage-errors.ts';

/**
 * @tus/file-store, telling a full disk apart (decision 0271). Its `write` turns every failure
 * into "Something went wrong receiving the file" (500) and its `create` lets the raw ENOSPC
 * through as the body of a 500; here both are Storage's 507. A creation that fails leaves
 * nothing behind (an empty file and a cut-off `.json` would never expire); the bytes a PATCH
 * stored before the disk filled stay, as TUS wants: the upload resumes from them (HEAD says where)
 * once there is room, or its DELETE frees them.
 */
export class FileTusStore extends FileStore {
  /** FileStore's own `resolve`, which it keeps private. */
  private fileOf(id: string): string {
    const file = path.join(this.directory, id);
    if (!isPathInsideDirectory(this.directory, file)) throw TUS_ERRORS.FILE_NOT_FOUND;
    return file;
  }

  override async create(file: Upload): Promise<Upload> {
    try {
      return await super.create(file);
    } catch (err) {
      if (!isNoSpace(err)) throw err;
      const staged = this.fileOf(file.id);
      await rm(staged, { force: true });
      await rm(`${staged}.json`, { force: true });
      throw ERRORS.insufficientStorage(err);
    }
  }

  /** As FileStore's `write` (bytes at `offset`, returns the new offset), keeping why it failed. */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    let received = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(readable, count, createWriteStream(this.fileOf(id), { flags: 'r+', start: offset }));
    } catch (err) {
      if (isNoSpace(err)) throw ERRORS.insufficientStorage(err);
      throw TUS_ERRORS.FILE_WRITE_ERROR;
    }
    return offset + received;
  }
}
