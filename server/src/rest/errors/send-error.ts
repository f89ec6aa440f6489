import type { FastifyReply } from 'fastify';
import { JwtError } from '../../http/verify-jwt.ts';

export interface PostgrestError {
  code: string;
  message: string;
  details: unknown;
  hint: unknown;
}

/** Sends an error in PostgREST's shape, with the `Proxy-Status` header it adds since v13. */
export function sendPostgrestError(reply: FastifyReply, status: number, err: PostgrestError): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('proxy-status', `PostgREST; error=${err.code}`)
    .send(JSON.stringify({ code: err.code, details: err.details, hint: err.hint, message: err.message }));
}

/** PGRST301 for a token that cannot be verified, PGRST303 for bad claims, 22023 for an unknown role. */
export function sendJwtError(reply: FastifyReply, err: JwtError): FastifyReply {
  const code = err.kind === 'claims' ? 'PGRST303' : err.kind === 'role' ? '22023' : 'PGRST301';
  reply.header('www-authenticate', `Bearer error="invalid_token", error_description="${err.message.replaceAll('"', "'")}"`);
  return sendPostgrestError(reply, 401, { code, message: err.message, details: null, hint: null });
}
