import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { blobKey } from '../backend/storage-backend.ts';
import type { ObjectRow } from '../db/object-rows.ts';
import { MAX_SOURCE_BYTES, outputKind, RENDER_ERRORS, renderImage, sniffImageType } from '../render/render-image.ts';
import { renditionName, type Renditions } from '../render/renditions.ts';
import { fromTokenString, parseTransformOptions, transformationsHeader, type TransformOptions } from '../render/transform-options.ts';
import { readableObject, signedObject, type Access } from '../serve/readable-object.ts';
import { contentDisposition, etagMatches, objectSecurityHeaders } from '../serve/send-object.ts';
import type { StorageEnv } from '../storage-env.ts';
import { ERRORS } from '../storage-errors.ts';

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy();
      throw RENDER_ERRORS.tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

interface RenderRequest {
  row: ObjectRow;
  opts: TransformOptions;
  /** Signed URLs answer with `Expires` (the token's expiry) instead of Cache-Control. */
  expires?: Date;
}

/**
 * Sends one rendition of the object: made once per (version, options, encoding) and then read
 * back from the backend. The same headers as a download (ETag per rendition, the object's
 * Cache-Control or the token's Expires, Content-Disposition for ?download), plus upstream's
 * `X-Transformations`, and `Vary: Accept` when the encoding was chosen from it.
 */
async function sendRendition(env: StorageEnv, renditions: Renditions, req: FastifyRequest, reply: FastifyReply, r: RenderRequest) {
  const meta = r.row.metadata;
  if (!meta || !r.row.version) throw ERRORS.noSuchKey();
  if (Number(meta.size ?? 0) > MAX_SOURCE_BYTES) throw RENDER_ERRORS.tooLarge();
  const kind = outputKind(r.opts, req.headers.accept);
  const name = renditionName(r.opts, kind);
  const blob = blobKey(r.row.bucket_id, r.row.name, r.row.version);
  const etag = `"${createHash('sha256').update(`${meta.eTag}|${name}`).digest('hex').slice(0, 32)}"`;
  const lastModified = new Date(r.row.updated_at ?? meta.lastModified);

  reply.header('etag', etag).header('last-modified', lastModified.toUTCString()).header('x-robots-tag', 'none');
  objectSecurityHeaders(reply);
  if (r.expires) reply.header('expires', r.expires.toUTCString());
  else reply.header('cache-control', meta.cacheControl || 'no-cache');
  if (!r.opts.format) reply.header('vary', 'Accept');
  const transformations = transformationsHeader(r.opts);
  if (transformations) reply.header('x-transformations', transformations);
  const disposition = contentDisposition((req.query as Record<string, unknown>).download);
  if (disposition) reply.header('content-disposition', disposition);
  const inm = req.headers['if-none-match'];
  if (inm && etagMatches(inm, etag)) return reply.code(304).send();

  const bytes = await renditions.get(blob, name, async () =>
    renderImage(await readAll(await env.backend.read(blob), MAX_SOURCE_BYTES), r.opts, kind),
  );
  reply.header('content-type', sniffImageType(bytes)).header('content-length', bytes.length);
  return req.method === 'HEAD' ? reply.send() : reply.send(bytes);
}

/**
 * `/render/image/{public,authenticated,sign}/…`: Supabase Storage's image transformation,
 * with sharp. Who may read what is decided exactly as for the download of the original
 * (readableObject / signedObject); a signed URL's options come from its token only.
 */
export function renderRoutes(env: StorageEnv, renditions: Renditions): FastifyPluginAsync {
  const fromQuery = (req: FastifyRequest) => parseTransformOptions(req.query as Record<string, unknown>, 'querystring');
  const serve = (access: Access, operation: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    const opts = fromQuery(req); // a bad option is refused before any lookup, as upstream's schema does
    const row = await readableObject(env, req, access, operation);
    return sendRendition(env, renditions, req, reply, { row, opts });
  };
  const serveSigned = async (req: FastifyRequest, reply: FastifyReply) => {
    const { row, expires, claims } = await signedObject(env, req);
    return sendRendition(env, renditions, req, reply, { row, opts: fromTokenString(claims.transformations), expires });
  };
  return async (app) => {
    const getAndHead = (url: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
      app.route({ method: ['GET', 'HEAD'], url, handler, exposeHeadRoute: false });
    getAndHead('/render/image/authenticated/:bucket/*', serve('authenticated', 'storage.render.image_authenticated'));
    getAndHead('/render/image/public/:bucket/*', serve('public', 'storage.render.image_public'));
    getAndHead('/render/image/sign/:bucket/*', serveSigned);
  };
}
