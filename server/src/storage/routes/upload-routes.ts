import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Caller } from '../../http/resolve-caller.ts';
import { findBucket } from '../db/bucket-rows.ts';
import { mustBeValidKey } from '../object-keys.ts';
import { signUrlToken, verifyUrlToken } from '../signed-urls.ts';
import { ownerOf, requireCaller } from '../storage-caller.ts';
import { RAW_BODY, targetOf, type StorageEnv } from '../storage-env.ts';
import { ERRORS } from '../storage-errors.ts';
import { readUploadBody } from '../upload/read-upload-body.ts';
import { checkMimeType, commitUpload, probeUpload, storeBlob, uploadLimit, type UploadPlan } from '../upload/store-upload.ts';

function isUpsert(req: FastifyRequest): boolean {
  return String(req.headers['x-upsert']).toLowerCase() === 'true';
}

/** Everything an upload checks before it reads a byte, then streaming, then the row. */
async function runUpload(env: StorageEnv, req: FastifyRequest, plan: UploadPlan): Promise<string> {
  const { ctx, backend } = env;
  const limit = uploadLimit(ctx, plan);
  const body = await readUploadBody(req, limit);
  checkMimeType(plan, body.mimeType);
  if (body.declaredLength !== undefined && body.declaredLength > limit) throw ERRORS.entityTooLarge();
  await probeUpload(ctx, req, plan, { mimetype: body.mimeType, contentLength: body.declaredLength }, body.userMetadata);
  const blob = await storeBlob(backend, plan, body.stream, body, limit);
  return commitUpload(ctx, backend, req, plan, blob, body.userMetadata);
}

async function planFor(env: StorageEnv, req: FastifyRequest, caller: Caller, upsert: boolean, operation: string): Promise<UploadPlan> {
  const { bucket, name } = targetOf(req);
  mustBeValidKey(name);
  const row = await findBucket(env.ctx.db, bucket);
  if (!row) throw ERRORS.noSuchBucket();
  return { bucket: row, name, upsert, caller, operation };
}

/** upload (POST, x-upsert), update (PUT, always upserts), signed upload URLs. */
export function uploadRoutes(env: StorageEnv): FastifyPluginAsync {
  const { ctx } = env;
  return async (app) => {
    app.post('/object/:bucket/*', RAW_BODY, async (req) => {
      const caller = await requireCaller(ctx, req);
      const plan = await planFor(env, req, caller, isUpsert(req), 'storage.object.upload');
      const id = await runUpload(env, req, plan);
      return { Id: id, Key: `${plan.bucket.id}/${plan.name}` };
    });

    app.put('/object/:bucket/*', RAW_BODY, async (req) => {
      const caller = await requireCaller(ctx, req);
      const plan = await planFor(env, req, caller, true, 'storage.object.upload_update');
      const id = await runUpload(env, req, plan);
      return { Id: id, Key: `${plan.bucket.id}/${plan.name}` };
    });

    // createSignedUploadUrl: needs INSERT (and UPDATE with x-upsert) under RLS, like an upload.
    app.post('/object/upload/sign/:bucket/*', async (req) => {
      const caller = await requireCaller(ctx, req);
      const upsert = isUpsert(req);
      const plan = await planFor(env, req, caller, upsert, 'storage.object.sign_upload_url');
      await probeUpload(ctx, req, plan, {}, null);
      const owner = ownerOf(caller).ownerId ?? undefined;
      const url = `${plan.bucket.id}/${plan.name}`;
      const token = await signUrlToken(env.signingKey, { url, scope: 'upload', upsert, owner }, ctx.config.storageSignedUploadExpiry);
      return { url: `/object/upload/sign/${url}?token=${token}`, token };
    });

    // uploadToSignedUrl: no JWT; the token's owner and upsert decide, RLS is bypassed (upstream).
    app.put('/object/upload/sign/:bucket/*', RAW_BODY, async (req) => {
      const { bucket, name } = targetOf(req);
      const token = (req.query as Record<string, unknown>).token;
      if (typeof token !== 'string' || token === '') throw ERRORS.invalidSignature('Missing token');
      const claims = await verifyUrlToken(env.signingKey, token, 'upload', `${bucket}/${name}`);
      const caller: Caller = { role: 'service_role', claims: { role: 'service_role', ...(claims.owner ? { sub: claims.owner } : {}) } };
      const plan = await planFor(env, req, caller, claims.upsert === true, 'storage.object.upload_signed');
      const id = await runUpload(env, req, plan);
      return { Id: id, Key: `${plan.bucket.id}/${plan.name}` };
    });
  };
}
