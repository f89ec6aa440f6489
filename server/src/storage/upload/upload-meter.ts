import { createHash, type Hash } from 'node:crypto';
import { finished, Transform, type Readable, type TransformCallback } from 'node:stream';
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

/** What is read and dropped of an upload refused mid-way before the connection is cut instead. */
const DRAIN_LIMIT = 8 * 1024 * 1024;

/**
 * `source` into `meter`. A failure of the request stops the meter. A failure on our side (the
 * size limit, a full disk, a store that refused) stops reading into the backend, and the rest of
 * the request is read and dropped (up to DRAIN_LIMIT), because destroying it would reset the
 * connection under a client still sending, which then never reads the 413 or 507 (supabase-js
 * reports "fetch failed"), as HTTP servers linger before closing.
 */
export function meterUpload(source: Readable, meter: UploadMeter): UploadMeter {
  // `finished`, not an 'error' listener: a client gone before we got here (while RLS was being
  // probed) destroyed the request without an error event for us, and `pipe` from a destroyed
  // stream never ends, so the backend waited forever with its temp file open (issue 30).
  finished(source, (err) => {
    if (err && !meter.destroyed) meter.destroy(err);
  });
  meter.on('error', () => {}); // the backend's put() sees it, reading `meter`
  meter.on('close', () => {
    source.unpipe(meter);
    if (source.readableEnded || source.destroyed) return;
    let dropped = 0;
    source.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DRAIN_LIMIT) source.destroy();
    });
    source.resume();
  });
  return source.pipe(meter);
}
