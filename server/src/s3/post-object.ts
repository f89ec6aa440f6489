import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveCaller, type Caller } from '../http/resolve-caller.ts';
import { JwtError } from '../http/verify-jwt.ts';
import { blobKey } from '../storage/backend/storage-backend.ts';
import { findBucket } from '../storage/db/bucket-rows.ts';
import { mustBeValidBucketName, mustBeValidKey } from '../storage/object-keys.ts';
import { checkMimeType, commitUpload, probeUpload, storeBlob, uploadLimit, type UploadPlan } from '../storage/upload/store-upload.ts';
import { S3_ERRORS, S3Error } from './s3-errors.ts';
import type { S3Env } from './s3-env.ts';
import { hmac, sameSignature, signingKey } from './sigv4.ts';
import { xmlDocument } from './s3-xml.ts';

/**
 * PostObject: a browser form upload with a presigned POST policy (`createPresignedPost`). The
 * form carries the signature: HMAC of the base64 policy with the SigV4 key of its credential.
 * The policy's conditions must hold for every field the form sends (AWS's rule: a field no
 * condition names is refused), its expiration must be ahead, and `content-length-range` bounds
 * the file. Then the bytes go through the same upload path as PutObject.
 */

/** Fields that need no condition (AWS: the signature's own, and `x-ignore-*`). */
const EXEMPT = new Set(['policy', 'x-amz-signature', 'x-amz-algorithm', 'x-amz-credential', 'x-amz-date', 'x-amz-security-token', 'file']);

type Condition = Record<string, unknown> | unknown[];

function policyDenied(message: string): S3Error {
  return S3_ERRORS.accessDenied(`Invalid according to Policy: ${message}`);
}

/** Checks the conditions; returns the content-length range, if one is given. */
function checkConditions(conditions: Condition[], fields: Record<string, string>): { min: number; max: number } | undefined {
  const covered = new Set<string>();
  let range: { min: number; max: number } | undefined;
  const value = (name: string) => fields[name.replace(/^\$/, '').toLowerCase()] ?? '';
  for (const c of conditions) {
    if (Array.isArray(c)) {
      const [op, a, b] = c;
      if (op === 'content-length-range') {
        range = { min: Number(a), max: Number(b) };
        continue;
      }
      if (typeof a !== 'string' || typeof b !== 'string' || (op !== 'eq' && op !== 'starts-with')) throw policyDenied('a condition is malformed');
      const name = a.replace(/^\$/, '').toLowerCase();
      const ok = op === 'eq' ? value(name) === b : value(name).startsWith(b);
      if (!ok) throw policyDenied(`Policy Condition failed: ["${op}", "${a}", "${b}"]`);
      covered.add(name);
    } else if (c && typeof c === 'object') {
      const entries = Object.entries(c);
      if (entries.length !== 1) throw policyDenied('a condition is malformed');
      const [name, expected] = entries[0]!;
      if (value(name) !== String(expected)) throw policyDenied(`Policy Condition failed: ["eq", "$${name}", "${String(expected)}"]`);
      covered.add(name.toLowerCase());
    } else throw policyDenied('a condition is malformed');
  }
  for (const name of Object.keys(fields)) {
    if (!EXEMPT.has(name) && !name.startsWith('x-ignore-') && !covered.has(name)) throw policyDenied(`Extra input fields: ${name}`);
  }
  return range;
}

function parsePolicy(base64: string): { expiration?: unknown; conditions?: unknown } {
  try {
    const doc = JSON.parse(Buffer.from(base64, 'base64').toString('utf8')) as unknown;
    if (doc && typeof doc === 'object') return doc as { expiration?: unknown; conditions?: unknown };
  } catch {
    // answered below
  }
  throw S3_ERRORS.invalidArgument('Invalid Policy: the policy is not base64 JSON');
}

/** Who signed the form: the access keys (service_role) or a session token (that user). */
async function signer(env: S3Env, fields: Record<string, string>): Promise<Caller> {
  if (fields['x-amz-algorithm'] !== 'AWS4-HMAC-SHA256') throw S3_ERRORS.invalidArgument('X-Amz-Algorithm must be AWS4-HMAC-SHA256');
  const parts = (fields['x-amz-credential'] ?? '').split('/');
  if (parts.length !== 5 || parts[3] !== 's3' || parts[4] !== 'aws4_request') throw S3_ERRORS.authorizationMalformed('the X-Amz-Credential field is malformed');
  const [accessKeyId, shortDate, region, service] = parts as [string, string, string, string];
  const scope = { shortDate, region, service };
  const signature = fields['x-amz-signature'] ?? '';
  const policy = fields.policy!;
  const signedWith = (secret: string) => sameSignature(hmac(signingKey(secret, scope), policy).toString('hex'), signature);
  const token = fields['x-amz-security-token'];
  if (token !== undefined) {
    if (!signedWith(env.ctx.keys.anonKey) && !signedWith(env.ctx.keys.publishableKey)) throw S3_ERRORS.signatureDoesNotMatch(true);
    try {
      return await resolveCaller({ authorization: `Bearer ${token}` }, {}, env.ctx.keys, env.ctx.roles);
    } catch (err) {
      if (err instanceof JwtError) throw S3_ERRORS.invalidToken(err.message);
      throw err;
    }
  }
  if (accessKeyId !== env.keys.accessKeyId) throw S3_ERRORS.invalidAccessKeyId();
  if (!signedWith(env.keys.secretAccessKey)) throw S3_ERRORS.signatureDoesNotMatch(false);
  return { role: 'service_role', claims: { role: 'service_role' } };
}

export async function postObject(env: S3Env, req: FastifyRequest, reply: FastifyReply, bucket: string) {
  const { ctx, storage } = env;
  mustBeValidBucketName(bucket);
  const part = await req.file({ limits: { files: 1, fields: 40, fieldSize: 64 * 1024 } });
  if (!part) throw S3_ERRORS.invalidArgument('POST requires exactly one file upload per request.');
  const fields: Record<string, string> = {};
  for (const [name, f] of Object.entries(part.fields as Record<string, { type?: string; value?: unknown }>)) {
    if (f?.type === 'field' && typeof f.value === 'string') fields[name.toLowerCase()] = f.value;
  }
  fields.bucket = bucket;
  if (!fields.policy) throw S3_ERRORS.accessDenied('Missing signature: a POST upload needs a Policy and its signature');
  const caller = await signer(env, fields);
  const policy = parsePolicy(fields.policy);
  const expiration = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : NaN;
  if (Number.isNaN(expiration)) throw S3_ERRORS.invalidArgument('Invalid Policy: Invalid expiration');
  if (expiration < Date.now()) throw policyDenied('Policy expired.');
  if (!Array.isArray(policy.conditions)) throw S3_ERRORS.invalidArgument('Invalid Policy: conditions must be a list');
  const range = checkConditions(policy.conditions as Condition[], fields);

  const key = (fields.key ?? '').replaceAll('${filename}', part.filename ?? '');
  mustBeValidKey(key);
  const row = await findBucket(ctx.db, bucket);
  if (!row) throw S3_ERRORS.noSuchBucket();
  const plan: UploadPlan = { bucket: row, name: key, upsert: true, caller, operation: 'storage.s3.upload' };
  const limit = Math.min(uploadLimit(ctx, plan), range?.max ?? Infinity);
  const mimeType = fields['content-type'] || part.mimetype || 'application/octet-stream';
  checkMimeType(plan, mimeType);
  const meta = Object.fromEntries(Object.entries(fields).filter(([k]) => k.startsWith('x-amz-meta-')).map(([k, v]) => [k.slice('x-amz-meta-'.length), v]));
  const userMetadata = Object.keys(meta).length ? meta : null;
  await probeUpload(ctx, req, plan, { mimetype: mimeType }, userMetadata);
  const blob = await storeBlob(storage.backend, plan, part.file, { mimeType, cacheControl: fields['cache-control'] || 'no-cache' }, limit);
  if (range && blob.metadata.size < range.min) {
    await storage.backend.delete([blobKey(bucket, key, blob.version)]).catch(() => {});
    throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
  }
  await commitUpload(ctx, storage.backend, req, plan, blob, userMetadata);
  reply.header('etag', blob.metadata.eTag).header('location', `/${bucket}/${key}`);
  const status = fields.success_action_status;
  if (status === '204') return reply.code(204).send();
  return reply
    .code(status === '201' ? 201 : 200)
    .header('content-type', 'application/xml')
    .send(xmlDocument('PostResponse', { Location: `/${bucket}/${key}`, Bucket: bucket, Key: key, ETag: blob.metadata.eTag }));
}
