import { listV2 } from '../storage/db/list-objects.ts';
import type { ObjectMetadata } from '../storage/db/object-rows.ts';
import { asCaller } from '../storage/storage-caller.ts';
import { bucketRow } from './object-commands.ts';
import { S3_ERRORS } from './s3-errors.ts';
import { bucketOf, isoDate, sendXml, type S3Call } from './s3-env.ts';
import { xmlDocument } from './s3-xml.ts';

function maxKeysOf(call: S3Call): number {
  const raw = call.query.get('max-keys');
  if (raw === undefined || raw === '') return 1000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw S3_ERRORS.invalidArgument('max-keys must be a whole number from 0');
  return Math.min(n, 1000);
}

/** Only `/` groups keys here (the delimiter every S3 tool uses for folders). */
function delimiterOf(call: S3Call): string | undefined {
  const d = call.query.get('delimiter');
  if (d === undefined || d === '') return undefined;
  if (d !== '/') throw S3_ERRORS.notImplemented(`Listing with the delimiter '${d}' (only '/')`);
  return d;
}

function token(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url');
}

function fromToken(t: string): string {
  const key = Buffer.from(t, 'base64url').toString('utf8');
  if (token(key) !== t) throw S3_ERRORS.invalidArgument('The continuation token provided is incorrect');
  return key;
}

/**
 * One page of keys under a prefix, as the caller may see them (RLS for a session token), in
 * byte order; with `/` as delimiter the next level is grouped into common prefixes.
 */
async function page(call: S3Call, after: string | undefined) {
  const bucket = bucketOf(call);
  await bucketRow(call, bucket);
  const prefix = call.query.get('prefix') ?? '';
  const delimiter = delimiterOf(call);
  const maxKeys = maxKeysOf(call);
  const rows = await asCaller(call.env.ctx, call.req, call.principal.caller, 'storage.s3.object.list', (tx) =>
    listV2(tx, bucket, { prefix, delimiter: delimiter !== undefined, limit: maxKeys, column: 'name', desc: false, afterKey: after }),
  );
  const shown = rows.slice(0, maxKeys);
  const encode = call.query.get('encoding-type') === 'url' ? (k: string) => encodeURIComponent(k).replace(/%2F/g, '/') : (k: string) => k;
  return {
    bucket,
    prefix: encode(prefix),
    delimiter,
    maxKeys,
    truncated: rows.length > maxKeys,
    last: shown.at(-1)?.key,
    encodingType: call.query.get('encoding-type') === 'url' ? 'url' : undefined,
    contents: shown.filter((r) => !r.is_folder).map((r) => {
      const m = r.metadata as Partial<ObjectMetadata> | null;
      return { Key: encode(r.key), LastModified: isoDate(r.updated_at), ETag: m?.eTag ?? '""', Size: Number(m?.size ?? 0), StorageClass: 'STANDARD' };
    }),
    commonPrefixes: shown.filter((r) => r.is_folder).map((r) => ({ Prefix: encode(r.key) })),
  };
}

export async function listObjectsV2(call: S3Call) {
  const continuation = call.query.get('continuation-token');
  const startAfter = call.query.get('start-after');
  const after = continuation ? fromToken(continuation) : startAfter || undefined;
  const p = await page(call, after);
  return sendXml(call, xmlDocument('ListBucketResult', {
    Name: p.bucket,
    Prefix: p.prefix,
    Delimiter: p.delimiter,
    MaxKeys: p.maxKeys,
    KeyCount: p.contents.length + p.commonPrefixes.length,
    IsTruncated: p.truncated,
    EncodingType: p.encodingType,
    ContinuationToken: continuation,
    NextContinuationToken: p.truncated && p.last !== undefined ? token(p.last) : undefined,
    StartAfter: startAfter,
    Contents: p.contents,
    CommonPrefixes: p.commonPrefixes,
  }));
}

/** ListObjects (v1): `marker` instead of a token; NextMarker with a delimiter, as S3. */
export async function listObjectsV1(call: S3Call) {
  const marker = call.query.get('marker') ?? '';
  const p = await page(call, marker || undefined);
  return sendXml(call, xmlDocument('ListBucketResult', {
    Name: p.bucket,
    Prefix: p.prefix,
    Marker: marker,
    NextMarker: p.truncated && p.delimiter ? p.last : undefined,
    Delimiter: p.delimiter,
    MaxKeys: p.maxKeys,
    IsTruncated: p.truncated,
    EncodingType: p.encodingType,
    Contents: p.contents,
    CommonPrefixes: p.commonPrefixes,
  }));
}
