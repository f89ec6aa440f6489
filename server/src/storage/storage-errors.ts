import type { FastifyReply } from 'fastify';
import { isPgError } from '../db/db-types.ts';

/**
 * An error in Supabase Storage's shape: `{statusCode, error, message, code}`. `status` is the
 * real code (in the body as a string); `httpStatus` is what goes on the wire, which upstream
 * sends as 400 for every 4xx business error except a few (416, 403 for role enforcement).
 */
export class StorageError extends Error {
  readonly status: number;
  readonly code: string;
  readonly error: string;
  readonly httpStatus: number;
  constructor(status: number, code: string, message: string, opts: { error?: string; httpStatus?: number } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.error = opts.error ?? code;
    this.httpStatus = opts.httpStatus ?? (status >= 500 ? 500 : 400);
  }

  body() {
    return { statusCode: String(this.status), error: this.error, message: this.message, code: this.code };
  }
}

/** The errors upstream's `ERRORS` table produces, with its statuses, codes and messages. */
export const ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', { error: 'Bucket not found' }),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', { error: 'not_found' }),
  noSuchUpload: () => new StorageError(404, 'NoSuchUpload', 'Upload not found'),
  alreadyExists: (code = 'ResourceAlreadyExists') =>
    new StorageError(409, code, 'The resource already exists', { error: 'Duplicate' }),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty', { error: 'ResourceNotEmpty' }),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', { error: 'Payload too large' }),
  invalidMimeType: (mime: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, { error: 'invalid_mime_type' }),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', message, { error: 'Unauthorized' }),
  rlsDenied: () => ERRORS.accessDenied('new row violates row-level security policy'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', { error: 'Invalid Input' }),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  invalidFileSizeLimit: () =>
    new StorageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  /**
   * Upstream's header schema failing: Fastify 5's schema error formatter builds a plain `Error`,
   * so upstream's handler names it `Error` (Storage's acceptance suite checks it, decision 0375).
   */
  missingAuthorization: () =>
    new StorageError(400, 'InvalidRequest', "headers must have required property 'authorization'", { error: 'Error' }),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  invalidRange: () => new StorageError(416, 'InvalidRange', 'invalid range provided', { error: 'invalid_range', httpStatus: 416 }),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error', { error: 'Internal' }),
  /** The volume the objects live on is full (ENOSPC) or the quota is spent (EDQUOT): 507 on the wire, decision 0271. */
  insufficientStorage: (cause?: unknown) => {
    const e = new StorageError(507, 'InsufficientStorage', 'There is no space left to store the object', { error: 'Insufficient Storage', httpStatus: 507 });
    e.cause = cause;
    return e;
  },
};

/** A filesystem error saying the disk (or the quota) is full. */
export function isNoSpace(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** ENOSPC and EDQUOT as Storage's 507; anything else as it is. */
export function fromNoSpace(err: unknown): unknown {
  return isNoSpace(err) ? ERRORS.insufficientStorage(err) : err;
}

/** Postgres errors raised under the caller's role, as upstream's DBError maps them. */
export function fromDbError(err: unknown): unknown {
  if (!isPgError(err)) return err;
  switch (err.code) {
    case '42501':
      return ERRORS.accessDenied(
        err.message.includes('row-level security') ? 'new row violates row-level security policy' : err.message,
      );
    case '23505':
      return ERRORS.alreadyExists();
    case '23503':
      return err.detail?.includes('is still referenced')
        ? ERRORS.bucketNotEmpty()
        : new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
    default:
      // Data exceptions (class 22: a NUL in text, a value out of range, bad input syntax) come
      // from what the caller sent, never from the server: 400, not 500.
      return err.code?.startsWith('22') ? new StorageError(400, 'InvalidRequest', err.message) : err;
  }
}

export function sendStorageError(reply: FastifyReply, err: StorageError): FastifyReply {
  return reply.code(err.httpStatus).header('content-type', 'application/json; charset=utf-8').send(err.body());
}
