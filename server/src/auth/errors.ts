import type { FastifyReply, FastifyRequest } from 'fastify';

/** A GoTrue API error: HTTP status, `error_code` and message, plus extra body fields (weak_password). */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra?: Record<string, unknown>;
  constructor(status: number, code: string, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** The few `/token` failures GoTrue answers in OAuth's shape (`{error, error_description}`). */
export class OAuthError extends Error {
  readonly error: string;
  constructor(error: string, description: string) {
    super(description);
    this.error = error;
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);

export const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

/**
 * GoTrue picks the error shape from the request's X-Supabase-Api-Version: a date on or after
 * 2024-01-01 gets `{code, message}` and the header echoed (auth-js reads `code` only then);
 * anything else gets the legacy `{code: <status>, error_code, msg}`.
 */
function wants2024(req: FastifyRequest): boolean {
  const v = req.headers[API_VERSION_HEADER];
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  return !Number.isNaN(Date.parse(v)) && v >= API_VERSION_2024;
}

export function sendAuthError(req: FastifyRequest, reply: FastifyReply, err: AuthError): FastifyReply {
  // An error without a code (GoTrue's hook errors): 2024 names it by status, legacy leaves it out.
  const code = err.code || (err.status === 500 ? 'unexpected_failure' : 'unknown');
  reply.code(err.status);
  if (err.code) reply.header('x-sb-error-code', err.code);
  if (wants2024(req)) {
    reply.header('X-Supabase-Api-Version', API_VERSION_2024);
    return reply.send({ code, message: err.message, ...err.extra });
  }
  const legacy: Record<string, unknown> = { code: err.status, ...(err.code ? { error_code: err.code } : {}), msg: err.message, ...err.extra };
  if (err.status >= 500) legacy.error_id = req.id;
  return reply.send(legacy);
}

export function sendOAuthError(reply: FastifyReply, err: OAuthError): FastifyReply {
  return reply.code(400).send({ error: err.error, error_description: err.message });
}

/** Anything unexpected: logged with the request id, answered without details. */
export function unexpectedFailure(): AuthError {
  return new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
}
