import type { Queryable } from '../../db/db-types.ts';
import { hookHttpError, hookReturnedError, hookRunError } from './hook-errors.ts';
import type { HookTarget } from './hook-target.ts';
import { callHook } from './call-hook.ts';
import { hookMetadata } from './hook-metadata.ts';

type Claims = Record<string, unknown>;

/** GoTrue's MinimumViableTokenSchema: which claims a hook must leave, and of which JSON type. */
const REQUIRED = ['aud', 'exp', 'iat', 'sub', 'email', 'phone', 'role', 'aal', 'session_id', 'is_anonymous'];
const TYPES: Record<string, (v: unknown) => boolean> = {
  aud: (v) => typeof v === 'string' || Array.isArray(v),
  exp: Number.isInteger,
  jti: (v) => typeof v === 'string',
  iat: Number.isInteger,
  iss: (v) => typeof v === 'string',
  nbf: Number.isInteger,
  sub: (v) => typeof v === 'string',
  email: (v) => typeof v === 'string',
  phone: (v) => typeof v === 'string',
  app_metadata: (v) => !!v && typeof v === 'object' && !Array.isArray(v),
  user_metadata: (v) => !!v && typeof v === 'object' && !Array.isArray(v),
  role: (v) => typeof v === 'string',
  aal: (v) => typeof v === 'string',
  amr: (v) => Array.isArray(v) && v.every((e) => typeof e === 'string' || (!!e && typeof e === 'object')),
  session_id: (v) => typeof v === 'string',
  is_anonymous: (v) => typeof v === 'boolean',
  client_id: (v) => typeof v === 'string',
};

/** What is wrong with the claims a hook returned, in gojsonschema's words, one per line. */
export function claimProblems(claims: Claims): string[] {
  const problems = REQUIRED.filter((k) => !(k in claims)).map((k) => `- (root): ${k} is required`);
  for (const [k, ok] of Object.entries(TYPES)) {
    if (k in claims && !ok(claims[k])) problems.push(`- ${k}: Invalid type`);
  }
  return problems;
}

/**
 * GoTrue's custom_access_token hook: called with `{ user_id, claims, authentication_method }`
 * whenever an access token is issued; the claims it returns are the token's, once checked.
 */
export async function customizeAccessTokenClaims(
  tx: Queryable,
  hook: HookTarget,
  userId: string,
  claims: Claims,
  authenticationMethod: string,
): Promise<Claims> {
  const out = await callHook(tx, hook, { metadata: hookMetadata('customize-access-token'), user_id: userId, claims, authentication_method: authenticationMethod });
  const returned = hookReturnedError(out);
  if (returned) throw returned;
  const outClaims = out && typeof out === 'object' ? (out as { claims?: unknown }).claims : undefined;
  if (!outClaims || typeof outClaims !== 'object' || Array.isArray(outClaims)) {
    if (out && typeof out === 'object' && !('claims' in out)) throw hookRunError(hook.uri);
    throw hookHttpError(500, 'output claims do not conform to the expected schema: \n- (root): Invalid type\n');
  }
  const problems = claimProblems(outClaims as Claims);
  if (problems.length > 0) {
    throw hookHttpError(500, `output claims do not conform to the expected schema: \n${problems.join('\n')}\n`);
  }
  return outClaims as Claims;
}
