import { SignJWT } from 'jose';
import type { Config } from '../config/config-schema.ts';
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET, DEFAULT_SERVICE_ROLE_KEY } from '../config/default-keys.ts';
import { importJwtKeys, type JwtKeys } from './jwt-keys.ts';

export interface ApiKeys {
  jwtSecret: Uint8Array;
  /** What bearer tokens are verified with (and auth signs with): see jwt-keys.ts. */
  jwt: JwtKeys;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
}

/**
 * With a custom secret and no explicit keys, anon and service-role keys are signed with fixed
 * iat/exp so they stay the same across restarts (apps keep them in their env).
 */
async function signKey(secret: Uint8Array, role: string): Promise<string> {
  return new SignJWT({ iss: 'gather', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(1_767_225_600) // 2026-01-01
    .setExpirationTime(2_082_758_400) // 2036-01-01
    .sign(secret);
}

export async function resolveApiKeys(config: Config): Promise<ApiKeys> {
  const secret = new TextEncoder().encode(config.jwtSecret);
  const isDefault = config.jwtSecret === DEFAULT_JWT_SECRET;
  return {
    jwtSecret: secret,
    jwt: await importJwtKeys(secret, config.signingKeys),
    anonKey: config.anonKey ?? (isDefault ? DEFAULT_ANON_KEY : await signKey(secret, 'anon')),
    serviceRoleKey: config.serviceRoleKey ?? (isDefault ? DEFAULT_SERVICE_ROLE_KEY : await signKey(secret, 'service_role')),
    publishableKey: config.publishableKey,
    secretKey: config.secretKey,
  };
}
