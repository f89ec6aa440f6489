import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The address of the request being handled, for hook events (set by the auth module per request). */
const requestIp = new AsyncLocalStorage<string>();

/** Runs `fn` (a request's handler) with its client address known to the hooks it calls. */
export function withRequestIp<T>(ip: string | undefined, fn: () => T): T {
  return ip ? requestIp.run(ip, fn) : fn();
}

/** GoTrue's v0hooks.Metadata: a fresh id, the time, the hook's name and the client's address. */
export function hookMetadata(name: string): { uuid: string; time: string; name: string; ip_address?: string } {
  const ip = requestIp.getStore();
  return { uuid: randomUUID(), time: new Date().toISOString(), name, ...(ip ? { ip_address: ip } : {}) };
}
