import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachment } from '../../http/header-values.ts';
import { blobKey, type ByteRange } from '../backend/storage-backend.ts';
import type { ObjectRow } from '../db/object-rows.ts';
import type { StorageEnv } from '../storage-env.ts';
import { ERRORS } from '../storage-errors.ts';
import { parseRange } from './byte-range.ts';

export interface SendOptions {
  /** Signed URLs answer with `Expires` (the token's expiry) instead of Cache-Control. */
  expires?: Date;
}

export function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => bare(t) === bare(etag));
}

/** `?download` → attachment; `?download=name.png` → that file name, in both RFC 6266 forms. */
export function contentDisposition(download: unknown): string | undefined {
  if (typeof download !== 'string') return undefined;
  if (download === '') return 'attachment;';
  return attachment(download);
}

/**
 * On every object: the browser must not guess another type than the stored one (HTML uploaded
 * as image/png stays an image), and an object opened as a page runs nothing — no script, no
 * plugin, a unique origin — which leaves images and video displaying, embedded or opened
 * (decision 0092, checked in Chromium).
 */
export function objectSecurityHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('x-content-type-options', 'nosniff').header('content-security-policy', OBJECT_CSP);
}

export const OBJECT_CSP = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Sends an object's bytes (or just its headers for HEAD) with the headers upstream sets, the
 * conditional answers (304 for If-None-Match / If-Modified-Since) and Range (206, 416). The
 * body streams from the backend; it is never buffered.
 */
export async function sendObject(env: StorageEnv, req: FastifyRequest, reply: FastifyReply, row: ObjectRow, opts: SendOptions = {}) {
  const meta = row.metadata;
  if (!meta || !row.version) throw ERRORS.noSuchKey();
  const size = Number(meta.size ?? 0);
  const lastModified = new Date(row.updated_at ?? meta.lastModified);
  reply
    .header('content-type', meta.mimetype || 'application/octet-stream')
    .header('etag', meta.eTag)
    .header('last-modified', lastModified.toUTCString())
    .header('accept-ranges', 'bytes')
    .header('x-robots-tag', 'none');
  objectSecurityHeaders(reply);
  if (opts.expires) reply.header('expires', opts.expires.toUTCString());
  else reply.header('cache-control', meta.cacheControl || 'no-cache');
  if (meta.contentEncoding) reply.header('content-encoding', meta.contentEncoding);
  const disposition = contentDisposition((req.query as Record<string, unknown>).download);
  if (disposition) reply.header('content-disposition', disposition);

  const inm = req.headers['if-none-match'];
  const ims = req.headers['if-modified-since'];
  const notModified = inm
    ? etagMatches(inm, meta.eTag)
    : ims !== undefined && Math.floor(lastModified.getTime() / 1000) <= Math.floor(Date.parse(ims) / 1000);
  if (notModified) return reply.code(304).send();

  let range: ByteRange | undefined;
  const rangeHeader = req.headers.range;
  const ifRangeHeader = req.headers['if-range'];
  const ifRange = Array.isArray(ifRangeHeader) ? ifRangeHeader[0] : ifRangeHeader;
  if (rangeHeader && (!ifRange || etagMatches(ifRange, meta.eTag))) {
    try {
      range = parseRange(rangeHeader, size);
    } catch (err) {
      reply.header('content-range', `bytes */${size}`);
      throw err;
    }
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  }
  reply.header('content-length', range ? range.end - range.start + 1 : size);
  if (req.method === 'HEAD') return reply.send();
  const body = await env.backend.read(blobKey(row.bucket_id, row.name, row.version), range);
  return reply.send(body);
}
