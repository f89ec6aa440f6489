import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestContext } from './db-types.ts';

/** The HTTP request a database call is made for; http/request-scope.ts opens it around each request. */
export interface RequestScope {
  /** The caller's address, an IPv6 one by its /64. */
  address: string;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The client the server's own background work (cron, queues, mail, schema reloads) is counted as. */
export const SERVER_CLIENT = 'server';

/**
 * Whom a database turn is counted for when requests share the database (fair-turns.ts, decision
 * 0255): the caller's address (IPv6 by /64), whoever is signed in from it, so one attacker's
 * accounts count as one; members behind one address (an office) share a client, and are only
 * held back if together they use the database more than everyone else. Calls outside an HTTP
 * request count by role and user; work outside any request is the server's own.
 */
export function clientOf(ctx?: RequestContext): string {
  const address = requestScope.getStore()?.address;
  if (address !== undefined) return address;
  if (!ctx) return SERVER_CLIENT;
  const sub = typeof ctx.claims.sub === 'string' ? ctx.claims.sub : '';
  return `role:${ctx.role}|${sub}`;
}
