import { randomUUID } from 'node:crypto';
import { Server } from '@tus/server';
import { ERRORS as TUS_ERRORS, Metadata, type Upload } from '@tus/utils';
import type { ServerRequest } from 'srvx';
import { blobKey } from '../backend/storage-backend.ts';
import type { StorageEnv } from '../storage-env.ts';
import { jsonTooDeep } from '../../http/json-guard.ts';
import { ERRORS } from '../storage-errors.ts';
import { checkMimeType, commitUpload, probeUpload, uploadLimit } from '../upload/store-upload.ts';
import { creatorOf, fastifyRequestOf, tusCaller, tusError, tusPlan, tusTarget } from './tus-requests.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function cacheControlOf(v: string | null | undefined): string {
  return v && /^\d+$/.test(v) ? `max-age=${v}` : 'no-cache';
}

function userMetadataOf(v: string | null | undefined): Record<string, unknown> | null {
  if (!v || jsonTooDeep(v)) return null;
  try {
    const parsed = JSON.parse(v) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Resumable uploads (TUS 1.0.0) as Supabase serves them: Upload-Metadata names the bucket and
 * object; every request is authorised as an upload (size, MIME type, RLS probe); only the
 * creator may resume; the finished file becomes the object exactly like a standard upload.
 * URLs carry only a random UUID, which is all a client can use to name an upload.
 */
export async function createTusServer(env: StorageEnv, path: string): Promise<Server> {
  const { ctx, backend } = env;
  // Uploads finished (and adopted as objects) within the last minute. @tus/server reads an upload
  // back after onUploadFinish when all bytes came with the creation POST; without this it would
  // find the file gone and answer 404 to a successful upload.
  const finished = new Map<string, Upload>();
  const backendStore = await backend.tusStore();
  const store = new Proxy(backendStore, {
    get(target, prop, receiver) {
      if (prop !== 'getUpload') return Reflect.get(target, prop, receiver);
      return async (id: string) => finished.get(id) ?? target.getUpload(id);
    },
  });

  /** Checks on every POST/PATCH/HEAD/DELETE, before @tus/server touches the store. */
  async function authorise(req: ServerRequest, id: string): Promise<void> {
    const fr = fastifyRequestOf(req);
    if (req.method === 'POST') {
      const metadata = Metadata.parse(req.headers.get('upload-metadata') ?? undefined);
      const target = await tusTarget(env, metadata);
      const { caller, upsert } = await tusCaller(env, fr, target.bucket.id, target.name);
      const plan = tusPlan(target, caller, upsert ?? String(req.headers.get('x-upsert')).toLowerCase() === 'true');
      const length = req.headers.get('upload-length');
      if (length === null) throw ERRORS.invalidRequest('Upload-Length is required (deferred lengths are not supported)');
      // @tus/server's own answers (413 "Maximum size exceeded", 404 "The file for this url was
      // not found") are what upstream sends, its limits being @tus/server's maxSize.
      if (Number(length) > uploadLimit(ctx, plan)) throw TUS_ERRORS.ERR_MAX_SIZE_EXCEEDED;
      if (metadata.contentType) checkMimeType(plan, metadata.contentType);
      await probeUpload(ctx, fr, plan, { mimetype: metadata.contentType ?? undefined, contentLength: Number(length) }, userMetadataOf(metadata.metadata));
      return;
    }
    const upload = await store.getUpload(id).catch(() => {
      throw TUS_ERRORS.FILE_NOT_FOUND;
    });
    const target = await tusTarget(env, upload.metadata);
    const { caller } = await tusCaller(env, fr, target.bucket.id, target.name);
    if (upload.metadata?.gatherCreator !== creatorOf(caller)) throw TUS_ERRORS.FILE_NOT_FOUND;
    if (req.method === 'PATCH') {
      await probeUpload(ctx, fr, tusPlan(target, caller, upload.metadata.gatherUpsert === 'true'), { mimetype: upload.metadata.contentType ?? undefined, contentLength: upload.size }, null);
    }
  }

  /** Turns the finished upload into the object: blob into place, row under the caller's RLS. */
  async function finish(req: ServerRequest, upload: Upload) {
    const fr = fastifyRequestOf(req);
    const meta = upload.metadata ?? {};
    const target = await tusTarget(env, meta);
    const { caller } = await tusCaller(env, fr, target.bucket.id, target.name);
    const plan = tusPlan(target, caller, meta.gatherUpsert === 'true');
    const version = randomUUID();
    const mimetype = meta.contentType || 'application/octet-stream';
    const cacheControl = meta.cacheControl || 'no-cache';
    const eTag = await backend.adoptTusUpload(upload.id, blobKey(target.bucket.id, target.name, version), { contentType: mimetype, cacheControl });
    const size = upload.size ?? upload.offset;
    const metadata = {
      eTag,
      size,
      mimetype,
      cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: size,
      httpStatusCode: 200,
    };
    await commitUpload(ctx, backend, fr, plan, { version, metadata }, userMetadataOf(meta.metadata));
    finished.set(upload.id, upload);
    setTimeout(() => finished.delete(upload.id), 60_000).unref();
    return {};
  }

  return new Server({
    path,
    datastore: store,
    maxSize: ctx.config.storageFileSizeLimit,
    namingFunction: () => backend.tusId(randomUUID()),
    generateUrl: (_req, { proto, host, path: base, id }) => `${proto}://${host}${base}/${id.split('/').pop()}`,
    getFileIdFromRequest: (req) => {
      const last = new URL(req.url).pathname.split('/').pop() ?? '';
      return UUID.test(last) ? backend.tusId(last.toLowerCase()) : undefined;
    },
    onIncomingRequest: authorise,
    onUploadCreate: async (req, upload) => {
      const fr = fastifyRequestOf(req);
      const meta = upload.metadata ?? {};
      const target = await tusTarget(env, meta);
      const { caller, upsert } = await tusCaller(env, fr, target.bucket.id, target.name);
      const isUpsert = upsert ?? String(req.headers.get('x-upsert')).toLowerCase() === 'true';
      return {
        metadata: {
          ...meta,
          cacheControl: cacheControlOf(meta.cacheControl),
          gatherCreator: creatorOf(caller),
          gatherUpsert: isUpsert ? 'true' : 'false',
        },
      };
    },
    onUploadFinish: finish,
    onResponseError: (_req, err) => {
      const mapped = tusError(err);
      if (!mapped && !('status_code' in err)) ctx.log.error({ err }, 'storage: resumable upload failed');
      if (mapped?.status_code === 507) ctx.log.error({ err: (err as Error).cause ?? err }, 'storage: no space left where objects are stored; resumable upload refused with 507');
      return mapped;
    },
    allowedHeaders: ['Authorization', 'X-Upsert', 'ApiKey', 'X-Signature', 'X-Client-Info'],
    respectForwardedHeaders: false,
  });
}
