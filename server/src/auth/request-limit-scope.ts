import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/config-schema.ts';
import { isLoopback } from '../config/exposure-config.ts';

/**
 * Which requests auth's per-address limits (sign-ups, sign-ins, /token, /verify, MFA, passkeys)
 * count. GoTrue limits only where a gateway names the client in a header; the Supabase CLI's
 * local stack sets none, so a project's own test suite signs up hundreds of users from one
 * address there. This server does the same where nobody else can reach it, and limits every
 * request wherever users can (decision 0333).
 */
export interface RequestLimitScope {
  everyRequest: boolean;
  /** Why, for the start-up line. */
  reason: string;
}

/** Headers a proxy or gateway in front of the server adds: a request carrying one came from outside. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'sb-forwarded-for', 'cf-connecting-ip'];

export function requestLimitScope(c: Pick<Config, 'authRequestLimits' | 'production' | 'host' | 'trustProxy'>): RequestLimitScope {
  if (c.authRequestLimits === 'always') return { everyRequest: true, reason: 'GATHER_AUTH_REQUEST_LIMITS=always' };
  if (c.production) return { everyRequest: true, reason: 'production (NODE_ENV=production)' };
  if (!isLoopback(c.host)) return { everyRequest: true, reason: `listening beyond loopback (--host ${c.host})` };
  if (c.trustProxy !== false) return { everyRequest: true, reason: 'behind a proxy (GATHER_TRUST_PROXY)' };
  return { everyRequest: false, reason: 'a development server on loopback' };
}

/** Whether this request is counted: always, or — on a loopback development server — when a proxy forwarded it. */
export function countsRequest(scope: RequestLimitScope, req: FastifyRequest): boolean {
  return scope.everyRequest || FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
}

/** The one start-up line saying which applies. */
export function requestLimitLine(scope: RequestLimitScope): string {
  return scope.everyRequest
    ? `auth rate limits: every request, per address (${scope.reason})`
    : `auth rate limits: as the Supabase CLI on ${scope.reason}: only requests a proxy forwarded (X-Forwarded-For, Forwarded…) are limited per address; ` +
        'NODE_ENV=production, --host beyond loopback, GATHER_TRUST_PROXY or GATHER_AUTH_REQUEST_LIMITS=always limit every request';
}
