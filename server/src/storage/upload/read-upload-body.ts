import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { jsonTooDeep, TOO_DEEP_MESSAGE } from '../../http/json-guard.ts';
import { ERRORS } from '../storage-errors.ts';

/** An upload's bytes (still unread) and what the request says about them. */
export interface UploadBody {
  stream: Readable;
  mimeType: string;
  cacheControl: string;
  contentEncoding?: string;
  userMetadata: Record<string, unknown> | null;
  /** From Content-Length on raw bodies; multipart lengths are not trusted. */
  declaredLength?: number;
}

const MAX_USER_METADATA = 1024 * 1024;

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function parseUserMetadata(json: string | undefined): Record<string, unknown> | null {
  if (json === undefined || json === '') return null;
  if (json.length > MAX_USER_METADATA) throw ERRORS.invalidRequest('metadata is too large');
  if (jsonTooDeep(json)) throw ERRORS.invalidRequest(`Invalid metadata: ${TOO_DEEP_MESSAGE}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw ERRORS.invalidRequest('Invalid metadata: must be a JSON object');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw ERRORS.invalidRequest('Invalid metadata: must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/** The `x-metadata` header (base64 of a JSON object) as user metadata; null when absent. */
export function userMetadataHeader(req: FastifyRequest): Record<string, unknown> | null {
  const xMetadata = header(req, 'x-metadata');
  return xMetadata ? parseUserMetadata(Buffer.from(xMetadata, 'base64').toString('utf8')) : null;
}

/** A bare number of seconds becomes `max-age=N`, as upstream does for the form field. */
function cacheControlFrom(value: string | undefined): string {
  if (value === undefined || value === '') return 'no-cache';
  return /^\d+$/.test(value) ? `max-age=${value}` : value;
}

/**
 * Raw body (string, Buffer, stream…): content type, cache control, content encoding and
 * `x-metadata` (base64 JSON) come from headers, as storage-js sends them.
 */
function rawBody(req: FastifyRequest): UploadBody {
  const length = Number(header(req, 'content-length'));
  return {
    stream: req.raw,
    mimeType: header(req, 'content-type') || 'application/octet-stream',
    cacheControl: header(req, 'cache-control') || 'no-cache',
    contentEncoding: header(req, 'content-encoding'),
    userMetadata: userMetadataHeader(req),
    declaredLength: Number.isFinite(length) && length >= 0 ? length : undefined,
  };
}

function fieldValue(fields: Record<string, unknown>, name: string): string | undefined {
  const f = fields[name] as { type?: string; value?: unknown } | { type?: string; value?: unknown }[] | undefined;
  const one = Array.isArray(f) ? f[0] : f;
  return one?.type === 'field' && typeof one.value === 'string' ? one.value : undefined;
}

/**
 * Multipart (Blob, File, FormData): the first file part, whatever its field name (storage-js
 * uses ""), with the form fields sent before it: cacheControl, contentType, metadata,
 * contentEncoding. `fileLimit` stops busboy just past the size limit.
 */
async function multipartBody(req: FastifyRequest, fileLimit: number): Promise<UploadBody> {
  const part = await req.file({ limits: { fileSize: fileLimit + 1, files: 1, fieldSize: MAX_USER_METADATA + 1024 } });
  if (!part) throw ERRORS.noContent();
  const fields = part.fields as Record<string, unknown>;
  return {
    stream: part.file,
    mimeType: fieldValue(fields, 'contentType') || part.mimetype || 'application/octet-stream',
    cacheControl: cacheControlFrom(fieldValue(fields, 'cacheControl')),
    contentEncoding: fieldValue(fields, 'contentEncoding'),
    userMetadata: parseUserMetadata(fieldValue(fields, 'metadata') ?? fieldValue(fields, 'userMetadata')),
  };
}

export function readUploadBody(req: FastifyRequest, sizeLimit: number): Promise<UploadBody> | UploadBody {
  return req.isMultipart() ? multipartBody(req, sizeLimit) : rawBody(req);
}
