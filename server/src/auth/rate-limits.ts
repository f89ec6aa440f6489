import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { ApiKeys } from '../http/api-keys.ts';
import type { SharedLimits } from '../http/shared-limits.ts';
import type { AuthSettings, RequestLimit } from './auth-settings.ts';
import { tooManyRequests } from './errors.ts';
import { countsRequest, type RequestLimitScope } from './request-limit-scope.ts';

/** GoTrue's request limiters burst to 30 (tollbooth's SetBurst(30)). */
const MAX_BURST = 30;
/** Buckets idle this long are full again and can be forgotten. */
const IDLE_MS = 60 * 60 * 1000;

interface Bucket {
  tokens: number;
  at: number;
}

/** Takes a token for a key: in this process, or from the cluster's primary for all workers. */
export interface Limiter {
  take(key: string): boolean | Promise<boolean>;
  /** Per-address request limiters: which requests they count (request-limit-scope.ts); absent = all. */
  scope?: RequestLimitScope;
}

/**
 * A token bucket per key: `events` per `windowSeconds`, bursting to min(30, events). State is
 * per server, as in GoTrue (the workers of `--workers N` share their primary's); behind a load
 * balancer each instance limits on its own.
 */
export class TokenBucketLimiter implements Limiter {
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
  signInSignUps: Limiter;
  verify: Limiter;
  token: Limiter;
  anonymous: Limiter;
  mfaChallenge: Limiter;
  mfaVerify: Limiter;
  passkey: Limiter;
  /** All text messages together (GoTrue's RATE_LIMIT_SMS_SENT), keyed by one global key. */
  sms: Limiter;
  /** All outgoing mail together (GoTrue's RATE_LIMIT_EMAIL_SENT), keyed by one global key. */
  emails: Limiter | undefined;
}

/**
 * Auth's limits: in this process, or — with `shared` (a cluster worker) — kept by the primary for
 * all workers. `scope` says which requests the per-address ones count (default: every one).
 */
export function createRateLimits(s: AuthSettings, shared?: SharedLimits, scope?: RequestLimitScope): AuthRateLimits {
  const counter = (name: string, limit: RequestLimit, burst: number): Limiter =>
    shared
      ? { take: (key) => shared.take({ name: `auth:${name}`, events: limit.events, windowSeconds: limit.windowSeconds, burst }, key) }
      : new TokenBucketLimiter(limit, burst);
  const bucket = (name: string, limit: RequestLimit, burst = Math.min(MAX_BURST, limit.events)): Limiter => {
    const limiter = counter(name, limit, burst);
    return scope ? { take: (key) => limiter.take(key), scope } : limiter;
  };
  return {
    signInSignUps: bucket('sign-in-sign-ups', s.limits.signInSignUps),
    verify: bucket('verify', s.limits.verify),
    token: bucket('token', s.limits.token),
    // GoTrue bursts anonymous sign-ins to their whole hourly allowance.
    anonymous: bucket('anonymous', s.limits.anonymous, s.limits.anonymous.events),
    mfaChallenge: bucket('mfa-challenge', s.limits.mfa),
    mfaVerify: bucket('mfa-verify', s.limits.mfa),
    passkey: bucket('passkey', s.limits.passkey),
    // Global counts (one key for everyone), which the CLI's GoTrue keeps too: never scoped.
    sms: counter('sms', { events: s.phone.perHour, windowSeconds: 3600 }, s.phone.perHour),
    emails: Number.isFinite(s.emailsPerHour) ? counter('emails', { events: s.emailsPerHour, windowSeconds: 3600 }, s.emailsPerHour) : undefined,
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

/**
 * The bucket an address is counted in: IPv4 (plain or IPv6-mapped) by itself, IPv6 by its /64,
 * since one subscriber, host or VM is routinely handed a whole /64 and can rotate through it.
 */
export function addressBucket(ip: string): string {
  const addr = ip.replace(/%.*$/, '');
  if (/^::ffff:/i.test(addr) && isIP(addr.slice(7)) === 4) return addr.slice(7);
  if (isIP(addr) !== 6) return addr;
  const [head = '', tail = ''] = addr.includes('::') ? addr.split('::') : [addr, ''];
  const groups = (part: string) => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])));
  const front = groups(head);
  const back = groups(tail);
  const all = addr.includes('::') ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back] : front;
  return `${all.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** Throws GoTrue's 429 `over_request_rate_limit` when this client's bucket is empty. */
export async function enforceRequestLimit(limiter: Limiter, req: FastifyRequest, keys: ApiKeys): Promise<void> {
  if (limiter.scope && !countsRequest(limiter.scope, req)) return;
  if (!(await limiter.take(addressBucket(clientIp(req, keys))))) {
    throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  }
}
