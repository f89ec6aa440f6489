import { AsyncResource } from 'node:async_hooks';
import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestScope } from '../db/request-scope.ts';

const RESOURCE = Symbol('request scope');

/**
 * Opens the database's request scope (db/request-scope.ts) around every request, so the
 * database can share itself fairly between callers whatever API they call (decision 0255). As
 * @fastify/request-context does: the scope is entered in onRequest and entered again in
 * preValidation, because a body is read in the socket's own async context.
 */
export function registerRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    requestScope.run({ address: addressKey(req.ip) }, () => {
      (req as FastifyRequest & { [RESOURCE]?: AsyncResource })[RESOURCE] = new AsyncResource('gather-request');
      done();
    });
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const resource = (req as FastifyRequest & { [RESOURCE]?: AsyncResource })[RESOURCE];
    if (resource) resource.runInAsyncScope(done, req.raw);
    else done();
  });
}

/** An address as one client: IPv4 as is, IPv6 by its /64 (what one subscriber usually holds). */
export function addressKey(ip: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandV6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address (zone dropped). */
function expandV6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) takes two groups.
  const used = [...left, ...right].reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const fill = tail === undefined ? [] : new Array<string>(Math.max(0, 8 - used)).fill('0');
  return [...left, ...fill, ...right].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}
