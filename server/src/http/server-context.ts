import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../config/config-schema.ts';
import type { Db } from '../db/db-types.ts';
import type { ApiKeys } from './api-keys.ts';
import type { ServerMetrics } from './operations/server-metrics.ts';
import type { Leadership } from '../db/leader-election.ts';
import type { SharedLimits } from './shared-limits.ts';
import { resolveCaller, type Caller } from './resolve-caller.ts';

/** What every API module gets: configuration, the database, the keys. */
export interface ServerContext {
  config: Config;
  db: Db;
  keys: ApiKeys;
  /** Roles `authenticator` may switch to; a JWT naming another role is refused. */
  roles: ReadonlySet<string>;
  log: FastifyBaseLogger;
  /** Prometheus metrics of this process (counted whether or not GATHER_METRICS serves them). */
  metrics: ServerMetrics;
  /** Background duties (cron, pg_net, mail delivery) run in one process per database: register them here. */
  leadership: Leadership;
  /** Rate and connection limits kept by a cluster's primary (`--workers N`); absent in one process. */
  sharedLimits?: SharedLimits;
}

const callers = new WeakMap<FastifyRequest, Promise<Caller>>();

/** The caller of a request, resolved once. Rejects with JwtError for a bad token. */
export function callerOf(ctx: ServerContext, req: FastifyRequest): Promise<Caller> {
  let p = callers.get(req);
  if (!p) {
    p = resolveCaller(req.headers, req.query, ctx.keys, ctx.roles);
    callers.set(req, p);
  }
  return p;
}

/** Lower-cased request headers without cookies, as PostgREST puts them in `request.headers`. */
export function requestHeaders(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (k === 'cookie' || v === undefined) continue;
    out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}
