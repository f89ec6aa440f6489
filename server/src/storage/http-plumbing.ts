import type { FastifyError, FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { jsonTooDeep, TOO_DEEP_MESSAGE } from '../http/json-guard.ts';
import { ERRORS, StorageError, sendStorageError } from './storage-errors.ts';

const MAX_JSON_BODY = 1024 * 1024;

/**
 * Body parsing for this module only (registered inside its encapsulated plugin). Upload and
 * TUS routes (config.rawBody) read the request stream themselves whatever its content type —
 * an upload may well be `application/json` — and multipart goes to @fastify/multipart. Other
 * routes take JSON; storage-js sends `{}` even on DELETE, and an empty body is fine.
 */
export async function registerBodyParsing(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (req, payload, done) => {
    if ((req.routeOptions.config as { rawBody?: boolean }).rawBody) return done(null);
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_JSON_BODY) chunks.push(c);
    });
    payload.on('error', (err) => done(err));
    payload.on('end', () => {
      if (size > MAX_JSON_BODY) return done(ERRORS.entityTooLarge());
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (text === '') return done(null, undefined);
      if (jsonTooDeep(text)) return done(ERRORS.invalidRequest(`Body is not valid JSON: ${TOO_DEEP_MESSAGE}`));
      try {
        done(null, JSON.parse(text));
      } catch {
        done(ERRORS.invalidRequest('Body is not valid JSON'));
      }
    });
  });
  // Limits are set per upload (the bucket's size limit); these are only the outer bounds.
  await app.register(multipart, { limits: { files: 1, fields: 50, parts: 60 } });
}

/** Headers an object response may have set before failing; an error body must not carry them. */
const OBJECT_HEADERS = ['content-length', 'content-encoding', 'content-disposition', 'etag', 'last-modified', 'accept-ranges', 'expires'];

function asStorageError(err: FastifyError): StorageError | undefined {
  if (err instanceof StorageError) return err;
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new StorageError(415, 'InvalidMimeType', 'Invalid Content-Type header', { error: 'invalid_mime_type' });
  }
  if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return ERRORS.entityTooLarge();
  if (err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || /multipart|boundary/i.test(err.message)) {
    return ERRORS.invalidRequest(err.message);
  }
  const status = err.statusCode;
  if (status && status >= 400 && status < 500) return new StorageError(status, 'InvalidRequest', err.message, { error: 'Bad Request' });
  return undefined;
}

/** Every failure in Storage's `{statusCode, error, message, code}` shape; unknown ones as 500. */
export function registerErrorHandling(app: FastifyInstance, prefix: string): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (reply.raw.destroyed || !req.raw.socket || req.raw.socket.destroyed) {
      // The client went away mid-request (a cut upload): nobody to answer, nothing to report.
      req.log.debug({ err }, 'storage: client disconnected');
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    let e = asStorageError(err);
    if (!e) {
      req.log.error({ err }, 'storage: unhandled error');
      e = ERRORS.internal();
    } else if (e.status === 507) {
      // The operator must free space or grow the volume: said at error level, with the path.
      req.log.error({ err: e.cause }, 'storage: no space left where objects are stored; upload refused with 507');
    } else if (e.cause) {
      // A refusal from the S3 store (its code goes to the client): the operator should hear of it.
      req.log.warn({ err: e.cause }, 'storage: the S3 store refused a request');
    }
    if (reply.raw.headersSent) {
      reply.raw.destroy(); // mid-stream failure: the only honest signal left is a cut connection
      return;
    }
    for (const h of OBJECT_HEADERS) reply.removeHeader(h);
    if (e.status !== 416) reply.removeHeader('content-range');
    reply.header('cache-control', 'no-store');
    return sendStorageError(reply, e);
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.startsWith(prefix) ? req.url.slice(prefix.length) || '/' : req.url;
    reply.code(404).send({ statusCode: '404', error: 'Not Found', message: `Route ${req.method}:${path} not found` });
  });
}
