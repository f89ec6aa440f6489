import type { FastifyRequest } from 'fastify';
import type { ApiKeys } from '../http/api-keys.ts';
import type { AuthSettings, RequestLimit } from './auth-settings.ts';
import { tooManyRequests } from './errors.ts';

/** GoTrue's request limiters burst to 30 (tollbooth's SetBurst(30)). */
const MAX_BURST = 30;
/** Buckets idle this long are full again and can be forgotten. */
const IDLE_MS = 60 * 60 * 1000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per key: `events` per `windowSeconds`, bursting to min(30, events). State is
 * per process, as in GoTrue; behind a load balancer each instance limits on its own.
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;
  private readonly burst: number;
  private lastSweep = Date.now();

  constructor(limit: RequestLimit, burst = Math.min(MAX_BURST, limit.events)) {
    this.perMs = limit.events / (limit.windowSeconds * 1000);
    this.burst = burst;
  }

  /** Takes one token for `key`; false when the bucket is empty. */
  take(key: string, now = Date.now()): boolean {
    this.sweep(now);
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + (now - b.at) * this.perMs);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < IDLE_MS) return;
    this.lastSweep = now;
    for (const [k, b] of this.buckets) if (now - b.at > IDLE_MS) this.buckets.delete(k);
  }
}

export interface AuthRateLimits {
  signInSignUps: TokenBucketLimiter;
  verify: TokenBucketLimiter;
  token: TokenBucketLimiter;
  anonymous: TokenBucketLimiter;
  mfaChallenge: TokenBucketLimiter;
  mfaVerify: TokenBucketLimiter;
  passkey: TokenBucketLimiter;
  /** All text messages together (GoTrue's RATE_LIMIT_SMS_SENT), keyed by one global key. */
  sms: TokenBucketLimiter;
  /** All outgoing mail together (GoTrue's RATE_LIMIT_EMAIL_SENT), keyed by one global key. */
  emails: TokenBucketLimiter | undefined;
}

export function createRateLimits(s: AuthSettings): AuthRateLimits {
  return {
    signInSignUps: new TokenBucketLimiter(s.limits.signInSignUps),
    verify: new TokenBucketLimiter(s.limits.verify),
    token: new TokenBucketLimiter(s.limits.token),
    // GoTrue bursts anonymous sign-ins to their whole hourly allowance.
    anonymous: new TokenBucketLimiter(s.limits.anonymous, s.limits.anonymous.events),
    mfaChallenge: new TokenBucketLimiter(s.limits.mfa),
    mfaVerify: new TokenBucketLimiter(s.limits.mfa),
    passkey: new TokenBucketLimiter(s.limits.passkey),
    sms: new TokenBucketLimiter({ events: s.phone.perHour, windowSeconds: 3600 }, s.phone.perHour),
    emails: Number.isFinite(s.emailsPerHour)
      ? new TokenBucketLimiter({ events: s.emailsPerHour, windowSeconds: 3600 }, s.emailsPerHour)
      : undefined,
  };
}

function presentedKey(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization;
  const bearer = typeof auth === 'string' ? /^bearer\s+(\S+)/i.exec(auth)?.[1] : undefined;
  const apikey = req.headers.apikey;
  return bearer ?? (typeof apikey === 'string' ? apikey : undefined);
}

/**
 * The address requests are limited by: the connection's, or — for server-side callers holding
 * the secret or service-role key — the end user's, from `Sb-Forwarded-For` (as hosted Supabase).
 */
export function clientIp(req: FastifyRequest, keys: ApiKeys): string {
  const fwd = req.headers['sb-forwarded-for'];
  if (typeof fwd === 'string' && fwd.trim() !== '') {
    const key = presentedKey(req);
    if (key !== undefined && (key === keys.secretKey || key === keys.serviceRoleKey)) {
      const first = fwd.split(',')[0]!.trim();
      if (first) return first;
    }
  }
  return req.ip;
}

/** Throws GoTrue's 429 `over_request_rate_limit` when this client's bucket is empty. */
export function enforceRequestLimit(limiter: TokenBucketLimiter, req: FastifyRequest, keys: ApiKeys): void {
  if (!limiter.take(clientIp(req, keys))) {
    throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  }
}
