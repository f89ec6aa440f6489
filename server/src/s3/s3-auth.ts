import type { FastifyRequest } from 'fastify';
import type { Caller } from '../http/resolve-caller.ts';
import { resolveCaller } from '../http/resolve-caller.ts';
import type { ServerContext } from '../http/server-context.ts';
import { JwtError } from '../http/verify-jwt.ts';
import { S3_ERRORS, S3Error } from './s3-errors.ts';
import type { S3Keys } from './s3-keys.ts';
import { checkRequestTime, clientSignatureOf, expectedSignature, sameSignature, signingKey, type ClientSignature } from './sigv4.ts';

export interface S3Principal {
  caller: Caller;
  sig: ClientSignature;
  /** The derived SigV4 key, for the chunk signatures of a streamed body. */
  key: Buffer;
}

/** Regions a client may sign for besides ours, as upstream accepts them (SDK defaults). */
const ANY_REGION = new Set(['auto', 'us-east-1', '']);

function sessionTokenError(err: JwtError): S3Error {
  if (err.message === 'JWT expired') return new S3Error(400, 'ExpiredToken', 'The provided token has expired.');
  return S3_ERRORS.invalidToken(err.message);
}

/**
 * Who signed the request. The project's access keys act as service_role (RLS bypassed, as
 * Supabase documents them: server-side only). A session token (a user's JWT in
 * x-amz-security-token, signed with the anon key as secret) acts as that user, under RLS.
 */
export async function authenticateS3(ctx: ServerContext, keys: S3Keys, req: FastifyRequest): Promise<S3Principal> {
  const sig = clientSignatureOf(req.headers, req.url);
  if (!sig) throw S3_ERRORS.accessDenied('Missing signature: sign requests with AWS Signature Version 4 and the project\'s S3 access keys');
  checkRequestTime(sig);
  if (sig.service !== 's3') throw S3_ERRORS.authorizationMalformed(`the service '${sig.service}' is wrong; expecting 's3'`);
  if (sig.region !== keys.region && !ANY_REGION.has(sig.region)) {
    throw S3_ERRORS.authorizationMalformed(`the region '${sig.region}' is wrong; expecting '${keys.region}'`);
  }
  const signed = { method: req.method, rawUrl: req.url, headers: req.headers };
  if (sig.sessionToken !== undefined) {
    // The anon key is public: the JWT is the credential. The publishable key stands in for it too.
    const secret = [ctx.keys.anonKey, ctx.keys.publishableKey].find((s) => sameSignature(expectedSignature(s, sig, signed), sig.signature));
    if (!secret) throw S3_ERRORS.signatureDoesNotMatch(true);
    try {
      const caller = await resolveCaller({ authorization: `Bearer ${sig.sessionToken}` }, {}, ctx.keys, ctx.roles);
      return { caller, sig, key: signingKey(secret, sig) };
    } catch (err) {
      if (err instanceof JwtError) throw sessionTokenError(err);
      throw err;
    }
  }
  if (sig.accessKeyId !== keys.accessKeyId) throw S3_ERRORS.invalidAccessKeyId();
  if (!sameSignature(expectedSignature(keys.secretAccessKey, sig, signed), sig.signature)) throw S3_ERRORS.signatureDoesNotMatch(false);
  return { caller: { role: 'service_role', claims: { role: 'service_role' } }, sig, key: signingKey(keys.secretAccessKey, sig) };
}
