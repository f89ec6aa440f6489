import { createHash, type Hash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import { S3_ERRORS, S3Error } from './s3-errors.ts';
import { EMPTY_SHA256, hmac, type ClientSignature } from './sigv4.ts';

/**
 * A request body as the bytes the client meant: checked against the SHA-256 it signed, or
 * decoded from `aws-chunked` (what the AWS SDK sends for streams), each chunk's signature
 * checked in turn. A mismatch fails the stream, so whatever reads it stores nothing.
 */
export function payloadOf(raw: Readable, sig: ClientSignature | undefined, key: Buffer | undefined, trailers: string[] = []): Readable {
  const mode = sig?.presigned ? 'UNSIGNED-PAYLOAD' : (sig?.contentSha256 ?? 'UNSIGNED-PAYLOAD');
  if (mode === 'UNSIGNED-PAYLOAD') return raw;
  if (/^[0-9a-f]{64}$/i.test(mode)) return pipeInto(raw, new Sha256Check(mode.toLowerCase()));
  // Trailer modes announce their trailers in x-amz-trailer; they must then arrive (and match).
  const expected = mode.endsWith('-TRAILER') ? trailers : [];
  if (mode === 'STREAMING-UNSIGNED-PAYLOAD-TRAILER') return pipeInto(raw, new AwsChunked(undefined, expected));
  if (mode === 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD' || mode === 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER') {
    return pipeInto(raw, new AwsChunked({ sig: sig!, key: key! }, expected));
  }
  throw S3_ERRORS.invalidArgument(`x-amz-content-sha256 ${mode} is not supported here`);
}

function pipeInto(raw: Readable, t: Transform): Readable {
  raw.on('error', (err) => t.destroy(err));
  return raw.pipe(t);
}

/** Reads a small body (an XML request) whole, up to `limit` bytes. */
export async function readSmallBody(body: Readable, limit = 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of body) {
    size += (c as Buffer).length;
    if (size > limit) throw S3_ERRORS.invalidArgument(`the request body is larger than ${limit} bytes`);
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

class Sha256Check extends Transform {
  private readonly hash: Hash = createHash('sha256');
  private readonly expected: string;
  constructor(expected: string) {
    super();
    this.expected = expected;
  }
  override _transform(chunk: Buffer, _e: BufferEncoding, done: TransformCallback) {
    this.hash.update(chunk);
    done(null, chunk);
  }
  override _flush(done: TransformCallback) {
    done(this.hash.digest('hex') === this.expected ? null : S3_ERRORS.sha256Mismatch());
  }
}

interface ChunkSigning {
  sig: ClientSignature;
  key: Buffer;
}

const MAX_HEADER = 4096;

/** A trailing checksum this server can compute as the bytes pass (the others are taken as sent). */
class TrailerChecksum {
  private crc = 0;
  private readonly hash: Hash | undefined;
  readonly name: string;
  constructor(name: string) {
    this.name = name;
    this.hash = name === 'x-amz-checksum-sha256' ? createHash('sha256') : name === 'x-amz-checksum-sha1' ? createHash('sha1') : undefined;
  }
  update(data: Buffer): void {
    if (this.name === 'x-amz-checksum-crc32') this.crc = crc32(data, this.crc);
    else this.hash?.update(data);
  }
  /** Base64, as the trailer carries it; undefined for an algorithm not computed here. */
  digest(): string | undefined {
    if (this.name === 'x-amz-checksum-crc32') {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(this.crc >>> 0);
      return b.toString('base64');
    }
    return this.hash?.digest('base64');
  }
}

/**
 * `aws-chunked`: `<hex size>[;chunk-signature=<sig>]\r\n<data>\r\n` … a zero-size chunk, then
 * trailer lines (checksums, which the SDK computes for itself) and a blank line.
 */
class AwsChunked extends Transform {
  private state: 'header' | 'data' | 'crlf' | 'trailer' | 'done' = 'header';
  private pending: Buffer = Buffer.alloc(0);
  private remaining = 0;
  private chunkSig = '';
  private chunkHash: Hash | undefined;
  private previous: string;
  private readonly signing: ChunkSigning | undefined;
  private readonly checksums: TrailerChecksum[];
  private readonly received = new Map<string, string>();

  constructor(signing: ChunkSigning | undefined, trailers: string[]) {
    super();
    this.signing = signing;
    this.checksums = trailers.map((t) => new TrailerChecksum(t.trim().toLowerCase())).filter((c) => c.name !== '');
    this.previous = signing?.sig.signature ?? '';
  }

  private fail(message: string): S3Error {
    return S3_ERRORS.invalidArgument(`the aws-chunked body is malformed: ${message}`);
  }

  private checkChunk(): void {
    if (!this.signing) return;
    const { sig, key } = this.signing;
    const scope = `${sig.shortDate}/${sig.region}/${sig.service}/aws4_request`;
    const digest = this.chunkHash!.digest('hex');
    const toSign = ['AWS4-HMAC-SHA256-PAYLOAD', sig.longDate, scope, this.previous, EMPTY_SHA256, digest].join('\n');
    const expected = hmac(key, toSign).toString('hex');
    if (expected !== this.chunkSig) throw S3_ERRORS.signatureDoesNotMatch(false);
    this.previous = expected;
  }

  override _transform(chunk: Buffer, _e: BufferEncoding, done: TransformCallback) {
    try {
      this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
      this.consume();
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  private consume(): void {
    while (this.pending.length > 0 && this.state !== 'done') {
      if (this.state === 'data') {
        const take = Math.min(this.remaining, this.pending.length);
        const data = this.pending.subarray(0, take);
        this.chunkHash?.update(data);
        for (const c of this.checksums) c.update(data);
        this.push(data);
        this.pending = this.pending.subarray(take);
        this.remaining -= take;
        if (this.remaining === 0) {
          this.checkChunk();
          this.state = 'crlf';
        }
        continue;
      }
      const eol = this.pending.indexOf('\r\n');
      if (eol < 0) {
        if (this.pending.length > MAX_HEADER) throw this.fail('a chunk header is too long');
        return;
      }
      const line = this.pending.subarray(0, eol).toString('latin1');
      this.pending = this.pending.subarray(eol + 2);
      if (this.state === 'crlf') {
        if (line !== '') throw this.fail('a chunk does not end with CRLF');
        this.state = 'header';
      } else if (this.state === 'header') {
        const m = /^([0-9a-fA-F]+)(?:;chunk-signature=([0-9a-f]{64}))?$/.exec(line);
        if (!m) throw this.fail('a chunk header is not <hex size>[;chunk-signature=…]');
        if (this.signing && !m[2]) throw this.fail('a chunk has no signature');
        this.remaining = parseInt(m[1]!, 16);
        this.chunkSig = m[2] ?? '';
        this.chunkHash = this.signing ? createHash('sha256') : undefined;
        if (this.remaining === 0) {
          this.checkChunk();
          this.state = 'trailer';
        } else this.state = 'data';
      } else if (this.state === 'trailer') {
        if (line === '') this.state = 'done';
        const colon = line.indexOf(':');
        if (colon > 0) this.received.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
    }
  }

  override _flush(done: TransformCallback) {
    // A body ending right after the last chunk (no trailer section) is complete too, unless trailers were announced.
    if (this.state !== 'done' && !(this.state === 'trailer' && this.pending.length === 0)) return done(this.fail('the body ended before its last chunk'));
    for (const c of this.checksums) {
      const got = this.received.get(c.name);
      if (got === undefined) return done(S3_ERRORS.invalidArgument(`the trailer ${c.name} announced in x-amz-trailer did not arrive`));
      const computed = c.digest();
      if (computed !== undefined && computed !== got) return done(new S3Error(400, 'BadDigest', `The ${c.name} you specified did not match the calculated checksum.`));
    }
    done();
  }
}
