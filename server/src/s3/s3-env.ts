import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../http/server-context.ts';
import { mustBeValidBucketName, mustBeValidKey } from '../storage/object-keys.ts';
import type { StorageEnv } from '../storage/storage-env.ts';
import { payloadOf } from './s3-body.ts';
import type { S3Principal } from './s3-auth.ts';
import type { S3Keys } from './s3-keys.ts';
import { queryPairs } from './sigv4.ts';

/** What every S3 command needs: the storage module's parts (same rows, same blobs) and the keys. */
export interface S3Env {
  ctx: ServerContext;
  storage: StorageEnv;
  keys: S3Keys;
}

/** One S3 request, authenticated: the bucket and key from the path, the query, the body. */
export interface S3Call {
  env: S3Env;
  req: FastifyRequest;
  reply: FastifyReply;
  principal: S3Principal;
  bucket: string;
  key: string;
  query: Map<string, string>;
}

export function s3CallOf(env: S3Env, req: FastifyRequest, reply: FastifyReply, principal: S3Principal): S3Call {
  const params = req.params as { bucket?: string; '*'?: string };
  return { env, req, reply, principal, bucket: params.bucket ?? '', key: params['*'] ?? '', query: new Map(queryPairs(req.url)) };
}

/** The request body as the client meant it (checked against its signature). */
export function bodyOf(call: S3Call): Readable {
  const trailers = header(call, 'x-amz-trailer')?.split(',') ?? [];
  return payloadOf(call.req.raw, call.principal.sig, call.principal.key, trailers);
}

export function header(call: S3Call, name: string): string | undefined {
  const v = call.req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The bucket from the path, valid (InvalidBucketName otherwise). */
export function bucketOf(call: S3Call): string {
  mustBeValidBucketName(call.bucket);
  return call.bucket;
}

/** The object key from the path, valid by the same rules as REST uploads. */
export function keyOf(call: S3Call): string {
  mustBeValidKey(call.key);
  return call.key;
}

/** `x-amz-meta-*` headers as user metadata (names without the prefix); null when there are none. */
export function userMetadataOf(call: S3Call): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.req.headers)) {
    if (name.startsWith('x-amz-meta-') && typeof value === 'string') out[name.slice('x-amz-meta-'.length)] = value;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * User metadata back as `x-amz-meta-*` headers: string values, printable ASCII as is (as S3
 * stores them), anything else percent-encoded so it can travel in a header at all.
 */
export function sendUserMetadata(call: S3Call, meta: Record<string, unknown> | null): void {
  for (const [k, v] of Object.entries(meta ?? {})) {
    if (typeof v !== 'string' || !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(k)) continue;
    call.reply.header(`x-amz-meta-${k.toLowerCase()}`, /^[\x20-\x7e]*$/.test(v) ? v : encodeURIComponent(v));
  }
}

/** An ISO date, as S3's XML writes them. */
export function isoDate(v: Date | string | null | undefined): string {
  return (v ? new Date(v) : new Date()).toISOString();
}

export function sendXml(call: S3Call, xml: string, status = 200): FastifyReply {
  return call.reply.code(status).header('content-type', 'application/xml').send(xml);
}
