import type { FastifyReply, FastifyRequest } from 'fastify';
import { StorageError } from '../storage/storage-errors.ts';
import { xmlDocument } from './s3-xml.ts';

/** An error in S3's own shape: an HTTP status and `<Error><Code/><Message/></Error>`. */
export class S3Error extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** The S3 error codes this endpoint answers with, with AWS's statuses and (mostly) messages. */
export const S3_ERRORS = {
  accessDenied: (message = 'Access Denied') => new S3Error(403, 'AccessDenied', message),
  invalidAccessKeyId: () => new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'),
  signatureDoesNotMatch: (sessionToken: boolean) =>
    new S3Error(
      403,
      'SignatureDoesNotMatch',
      sessionToken
        ? 'The request signature we calculated does not match the signature you provided. With a session token, sign with the anon key as the secret and a valid user JWT as the token.'
        : 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    ),
  invalidToken: (message: string) => new S3Error(400, 'InvalidToken', `The provided token is malformed or otherwise invalid: ${message}`),
  authorizationMalformed: (message: string) => new S3Error(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed: ${message}`),
  requestTimeTooSkewed: () => new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the server time is too large.'),
  sha256Mismatch: () => new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed."),
  noSuchBucket: () => new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist'),
  noSuchKey: () => new S3Error(404, 'NoSuchKey', 'The specified key does not exist.'),
  noSuchUpload: () => new S3Error(404, 'NoSuchUpload', 'The specified multipart upload does not exist. The upload ID might be invalid, or the multipart upload might have been aborted or completed.'),
  bucketExists: () => new S3Error(409, 'BucketAlreadyOwnedByYou', 'Your previous request to create the named bucket succeeded and you already own it.'),
  bucketNotEmpty: () => new S3Error(409, 'BucketNotEmpty', 'The bucket you tried to delete is not empty'),
  invalidBucketName: () => new S3Error(400, 'InvalidBucketName', 'The specified bucket is not valid.'),
  invalidArgument: (message: string) => new S3Error(400, 'InvalidArgument', message),
  invalidPart: (message = 'One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part\'s entity tag.') =>
    new S3Error(400, 'InvalidPart', message),
  invalidPartOrder: () => new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order. Parts must be ordered by part number.'),
  malformedXml: () => new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.'),
  entityTooLarge: () => new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed object size.'),
  notImplemented: (what: string) => new S3Error(501, 'NotImplemented', `${what} is not implemented by this server.`),
  internal: () => new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.'),
};

/** The shared storage code's errors (RLS, limits, keys, ranges) in S3's codes. */
export function fromStorageError(err: StorageError): S3Error {
  switch (err.code) {
    case 'NoSuchBucket':
      return S3_ERRORS.noSuchBucket();
    case 'NoSuchKey':
      return S3_ERRORS.noSuchKey();
    case 'NoSuchUpload':
      return S3_ERRORS.noSuchUpload();
    case 'AccessDenied':
      return S3_ERRORS.accessDenied(err.message);
    case 'ResourceNotEmpty':
      return S3_ERRORS.bucketNotEmpty();
    case 'EntityTooLarge':
      return S3_ERRORS.entityTooLarge();
    case 'InvalidBucketName':
      return S3_ERRORS.invalidBucketName();
    case 'InvalidRange':
      return new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
    case 'InvalidKey':
    case 'InvalidMimeType':
      return S3_ERRORS.invalidArgument(err.message);
    case 'InsufficientStorage':
      return new S3Error(507, 'InsufficientStorage', err.message);
    default:
      return new S3Error(err.status >= 500 ? 500 : err.status, err.status >= 500 ? 'InternalError' : err.code, err.message);
  }
}

/** The resource an error names: the path after `/s3`. */
function resourceOf(req: FastifyRequest): string {
  const path = req.url.split('?')[0]!;
  const at = path.indexOf('/s3/');
  return at < 0 ? '/' : path.slice(at + 3);
}

export function sendS3Error(req: FastifyRequest, reply: FastifyReply, err: S3Error): FastifyReply {
  reply.code(err.status).header('content-type', 'application/xml').header('cache-control', 'no-store');
  // HEAD answers carry no body: the SDK reads the status alone (404 → NotFound).
  if (req.method === 'HEAD') return reply.send();
  return reply.send(xmlDocument('Error', { Code: err.code, Message: err.message, Resource: resourceOf(req), RequestId: req.id }, { namespace: false }));
}
