import { StorageError } from '../storage-errors.ts';

/** What the AWS SDK throws when an S3 store answers with an error: its XML `Code` as `name`. */
interface S3Refusal {
  name: string;
  message: string;
  $metadata: { httpStatusCode?: number };
}

export function isS3Refusal(err: unknown): err is S3Refusal {
  return !!err && typeof err === 'object' && '$metadata' in err && typeof (err as { name?: unknown }).name === 'string';
}

/**
 * An S3 store's refusal in Storage's shape, as upstream's StorageBackendError renders it: the
 * store's status in `statusCode`, its code (NoSuchUpload, InvalidPart, EntityTooSmall,
 * InvalidPartOrder, AccessDenied, SlowDown…) in `code` and `error`, its message. A store's
 * 4xx goes out as 400 and its 5xx as 500, like every Storage error. Anything else is left as
 * it is (a network failure stays an internal error, logged).
 */
export function fromS3Refusal(err: unknown): unknown {
  if (!isS3Refusal(err)) return err;
  const status = err.$metadata.httpStatusCode ?? 500;
  const message = err.message && err.message !== 'UnknownError' ? err.message : `The storage backend answered ${status} ${err.name}`;
  const e = new StorageError(status, err.name, message, { error: err.name });
  e.cause = err;
  return e;
}
