import { ERRORS } from './storage-errors.ts';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { ServerContext } from '../http/server-context.ts';
import type { StorageBackend } from './backend/storage-backend.ts';
import { mustBeValidBucketName } from './object-keys.ts';

/** What every storage route needs: the server context, the blob backend, the URL signing key. */
export interface StorageEnv {
  ctx: ServerContext;
  backend: StorageBackend;
  signingKey: Uint8Array;
}

/** `/…/:bucket/*`: the bucket and the object name, percent-decoded by the router. */
export function targetOf(req: FastifyRequest): { bucket: string; name: string } {
  const params = req.params as { bucket?: string; '*'?: string };
  const bucket = params.bucket ?? '';
  mustBeValidBucketName(bucket);
  const name = params['*'] ?? '';
  // No stored key holds NUL (uploads refuse it), and Postgres text cannot: a read or sign of
  // `%00` reached the database and answered 500 (found by the fuzz suite).
  if (name.includes('\0')) throw ERRORS.invalidKey(name);
  return { bucket, name };
}

/** Route options for handlers that read the request body themselves (uploads, TUS). */
export const RAW_BODY = { config: { rawBody: true } as FastifyContextConfig };

export function jsonBody(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}
