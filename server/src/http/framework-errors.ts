import type { FastifyReply, FastifyRequest } from 'fastify';

const MESSAGE = 'The URL path is not valid percent-encoding';

/**
 * A request whose path cannot be decoded (`/rest/v1/%zz`) never reaches a module, so Fastify
 * would answer in its own shape. Answer in the shape of the API the path was meant for instead.
 */
export function badRequestBody(url: string, message = MESSAGE): Record<string, unknown> {
  if (url.startsWith('/rest/v1')) return { code: 'PGRST100', details: null, hint: null, message };
  if (url.startsWith('/auth/v1')) return { code: 400, error_code: 'validation_failed', msg: message };
  if (url.startsWith('/storage/v1')) return { statusCode: '400', error: 'InvalidKey', message };
  return { message };
}

/** Fastify's framework errors (an undecodable path, a bad route constraint) as a 400. */
export function answerFrameworkError(req: FastifyRequest, reply: FastifyReply, message?: string): void {
  reply.code(400).header('content-type', 'application/json; charset=utf-8').send(badRequestBody(req.url, message));
}
