import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { ERRORS } from '../storage-errors.ts';

/**
 * Sits between the request and the backend: counts bytes, fails the stream as soon as the
 * size limit is passed (so an oversized body is never stored whole), and hashes for the ETag.
 */
export class UploadMeter extends Transform {
  readonly limit: number;
  /**
   * Bytes passed so far. Not `size`: lib-storage takes a body's `size` for its byte count, and
   * a 0 read before streaming made every S3 upload past one part fail its part-count check.
   */
  received = 0;
  exceeded = false;
  private readonly hash: Hash = createHash('md5');

  constructor(limit: number) {
    super();
    this.limit = limit;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.limit) {
      this.exceeded = true;
      done(ERRORS.entityTooLarge());
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  /** The quoted MD5 ETag; only valid once the stream has ended. */
  eTag(): string {
    return `"${this.hash.digest('hex')}"`;
  }
}
