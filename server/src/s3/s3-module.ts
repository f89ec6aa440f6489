import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../http/server-context.ts';
import { createBackend } from '../storage/backend/create-backend.ts';
import { urlSigningKey } from '../storage/signed-urls.ts';
import { StorageError, fromDbError } from '../storage/storage-errors.ts';
import { authenticateS3 } from './s3-auth.ts';
import { S3_ERRORS, S3Error, fromStorageError, sendS3Error } from './s3-errors.ts';
import { s3CallOf, type S3Call, type S3Env } from './s3-env.ts';
import { resolveS3Keys } from './s3-keys.ts';
import { queryPairs } from './sigv4.ts';
import { postObject } from './post-object.ts';
import multipart from '@fastify/multipart';
import { bucketLocation, bucketVersioning, createBucket, deleteBucket, headBucket, listBuckets } from './bucket-commands.ts';
import { copyObject, deleteObject, deleteObjects, getObject, getObjectTagging, putObject } from './object-commands.ts';
import { listObjectsV1, listObjectsV2 } from './list-commands.ts';
import {
  abortMultipartUpload, completeMultipartUpload, createMultipartUpload, listMultipartUploads, listParts, uploadPart, uploadPartCopy,
} from './multipart-commands.ts';

export const S3_PREFIX = '/storage/v1/s3';

type Command = (call: S3Call) => Promise<unknown>;

/**
 * S3 subresources this endpoint does not implement: a request naming one is NotImplemented,
 * never taken for the plain operation (a PUT ?tagging must not overwrite the object).
 */
const UNSUPPORTED = new Set([
  'acl', 'tagging', 'torrent', 'retention', 'legal-hold', 'restore', 'select', 'attributes', 'versionId', 'versions',
  'lifecycle', 'policy', 'policyStatus', 'cors', 'website', 'encryption', 'replication', 'notification', 'logging',
  'ownershipControls', 'publicAccessBlock', 'object-lock', 'accelerate', 'requestPayment', 'intelligent-tiering',
  'inventory', 'metrics', 'analytics', 'renameObject',
]);

/** Which S3 operation a request is: by method, whether it names a key, and its query. */
function commandOf(call: S3Call): Command | undefined {
  const { method } = call.req;
  const q = call.query;
  if (method === 'GET' && call.key !== '' && q.has('tagging')) return getObjectTagging;
  if ([...q.keys()].some((k) => UNSUPPORTED.has(k))) return undefined;
  if (call.bucket === '') return method === 'GET' ? listBuckets : undefined;
  if (call.key === '') {
    if (method === 'GET' && q.has('location')) return bucketLocation;
    if (method === 'GET' && q.has('versioning')) return bucketVersioning;
    if (method === 'GET' && q.has('uploads')) return listMultipartUploads;
    if (method === 'GET') return q.get('list-type') === '2' ? listObjectsV2 : listObjectsV1;
    if (method === 'HEAD') return headBucket;
    if (method === 'PUT' && !q.has('versioning')) return createBucket;
    if (method === 'DELETE') return deleteBucket;
    if (method === 'POST' && q.has('delete')) return deleteObjects;
    return undefined;
  }
  if (method === 'GET' || method === 'HEAD') return q.has('uploadId') && method === 'GET' ? listParts : getObject;
  if (method === 'PUT') {
    if (q.has('uploadId')) return call.req.headers['x-amz-copy-source'] ? uploadPartCopy : uploadPart;
    return call.req.headers['x-amz-copy-source'] ? copyObject : putObject;
  }
  if (method === 'POST' && q.has('uploads')) return createMultipartUpload;
  if (method === 'POST' && q.has('uploadId')) return completeMultipartUpload;
  if (method === 'DELETE') return q.has('uploadId') ? abortMultipartUpload : deleteObject;
  return undefined;
}

/** GetObject's `response-*` parameters (presigned downloads use them) and the headers they set. */
const RESPONSE_OVERRIDES: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-disposition': 'content-disposition',
  'response-content-language': 'content-language',
  'response-content-encoding': 'content-encoding',
  'response-cache-control': 'cache-control',
  'response-expires': 'expires',
};

/** Headers an object answer may have set before failing; an error must not carry them. */
const OBJECT_HEADERS = ['content-length', 'content-encoding', 'content-range', 'etag', 'last-modified', 'accept-ranges', 'content-security-policy'];

function asS3Error(err: unknown): S3Error | undefined {
  if (err instanceof S3Error) return err;
  const fromDb = fromDbError(err);
  if (fromDb instanceof StorageError) {
    // A bucket that already exists reaches here from the insert's unique key.
    return fromDb.code === 'ResourceAlreadyExists' ? S3_ERRORS.bucketExists() : fromStorageError(fromDb);
  }
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return new S3Error(status, 'InvalidRequest', (err as Error).message);
  return undefined;
}

/**
 * `/storage/v1/s3`: Supabase Storage's S3 protocol over the same rows and blobs as the REST API
 * (an object put here is downloaded by supabase-js, and the other way round). Requests are
 * signed with AWS Signature V4 (s3-auth.ts); answers and errors are S3's XML.
 */
export function s3Module(ctx: ServerContext): FastifyPluginAsync {
  return async (app) => {
    if (!ctx.config.storageS3Protocol) return;
    const backend = await createBackend(ctx.config);
    const env: S3Env = {
      ctx,
      storage: { ctx, backend, signingKey: urlSigningKey(ctx.keys.jwtSecret, ctx.config.storageUrlSigningKey) },
      keys: resolveS3Keys(ctx.config),
    };
    app.addHook('onClose', async () => backend.close());
    // Every command reads its own body (streamed, checked against the signature).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_req, _payload, done) => done(null));
    // Only PostObject reads a form (req.file()); other commands take a multipart body as bytes.
    await app.register(multipart, { limits: { files: 1, fields: 40, parts: 50 } });

    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (reply.raw.destroyed || req.raw.socket?.destroyed) {
        reply.hijack();
        reply.raw.destroy();
        return;
      }
      let e = asS3Error(err);
      if (!e) {
        req.log.error({ err }, 's3: unhandled error');
        e = S3_ERRORS.internal();
      }
      if (reply.raw.headersSent) {
        reply.raw.destroy(); // mid-stream: a cut connection is the only honest signal left
        return;
      }
      for (const h of OBJECT_HEADERS) reply.removeHeader(h);
      return sendS3Error(req, reply, e);
    });
    app.addHook('onSend', async (req, reply, payload) => {
      if ((req.method === 'GET' || req.method === 'HEAD') && reply.statusCode < 300 && req.url.includes('response-')) {
        for (const [name, value] of queryPairs(req.url)) {
          const header = RESPONSE_OVERRIDES[name];
          if (header && !/[\r\n]/.test(value)) reply.header(header, value);
        }
      }
      return payload;
    });
    app.setNotFoundHandler((req, reply) => sendS3Error(req, reply, new S3Error(404, 'NotFound', 'Not Found')));

    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const params = req.params as { bucket?: string; '*'?: string };
      if (req.method === 'POST' && params.bucket && !params['*'] && req.isMultipart()) return postObject(env, req, reply, params.bucket);
      const principal = await authenticateS3(ctx, env.keys, req);
      const call = s3CallOf(env, req, reply, principal);
      const command = commandOf(call);
      if (!command) throw S3_ERRORS.notImplemented(`${req.method} ${req.url.split('?')[0]} with these parameters`);
      return command(call);
    };
    const methods = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'] as const;
    for (const url of ['/', '/:bucket', '/:bucket/*']) {
      app.route({ method: [...methods], url, handler, exposeHeadRoute: false });
    }
  };
}
