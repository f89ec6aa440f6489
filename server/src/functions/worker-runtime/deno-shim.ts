import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { inspect } from 'node:util';
import { connect, connectTls, startTls } from './deno-net.ts';

/**
 * The small part of the Deno API that Edge Functions use, on Node: `Deno.serve` (which only
 * records the handler: the server owns the socket), `Deno.env` (this worker's own environment,
 * holding only the function's variables), file reads, `Deno.errors`, and `EdgeRuntime.waitUntil`.
 */

export type FetchHandler = (req: Request, info: ServeHandlerInfo) => Response | Promise<Response>;
export interface ServeHandlerInfo {
  remoteAddr: { transport: 'tcp'; hostname: string; port: number };
  completed: Promise<void>;
}
interface ServeOptions {
  handler?: FetchHandler;
  port?: number;
  hostname?: string;
  signal?: AbortSignal;
  onListen?: (addr: { hostname: string; port: number; transport: 'tcp' }) => void;
  onError?: (error: unknown) => Response | Promise<Response>;
}

export interface Registered {
  handler: FetchHandler;
  onError?: (error: unknown) => Response | Promise<Response>;
}

let registered: Registered | undefined;
const finished = Promise.withResolvers<void>();
const ADDR = { transport: 'tcp' as const, hostname: '0.0.0.0', port: 8000 };

/** What `Deno.serve` (or a default export) registered, if anything. */
export function registeredHandler(): Registered | undefined {
  return registered;
}

export function registerHandler(handler: FetchHandler): void {
  registered = { handler };
}

function serve(a?: FetchHandler | ServeOptions, b?: FetchHandler | ServeOptions) {
  const options: ServeOptions = typeof a === 'function' ? { ...(typeof b === 'object' ? b : {}), handler: a } : { ...(a ?? {}) };
  if (typeof b === 'function') options.handler = b;
  if (!options.handler) throw new TypeError('Deno.serve: a handler is required');
  registered = { handler: options.handler, onError: options.onError };
  options.onListen?.(ADDR);
  return {
    finished: finished.promise,
    addr: ADDR,
    ref() {},
    unref() {},
    async shutdown() {},
    [Symbol.asyncDispose]: async () => {},
  };
}

class DenoError extends Error {
  constructor(message?: string) {
    super(message);
    this.name = new.target.name;
  }
}
const errors = {
  NotFound: class NotFound extends DenoError {},
  PermissionDenied: class PermissionDenied extends DenoError {},
  AlreadyExists: class AlreadyExists extends DenoError {},
  InvalidData: class InvalidData extends DenoError {},
  TimedOut: class TimedOut extends DenoError {},
  Interrupted: class Interrupted extends DenoError {},
  BadResource: class BadResource extends DenoError {},
  Http: class Http extends DenoError {},
  Busy: class Busy extends DenoError {},
  NotSupported: class NotSupported extends DenoError {},
  ConnectionRefused: class ConnectionRefused extends DenoError {},
  ConnectionReset: class ConnectionReset extends DenoError {},
  ConnectionAborted: class ConnectionAborted extends DenoError {},
  AddrNotAvailable: class AddrNotAvailable extends DenoError {},
};

/** Node's ENOENT and friends as the Deno error classes code checks with `instanceof`. */
function denoError(err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException)?.code;
  const message = (err as Error)?.message;
  if (code === 'ENOENT') return new errors.NotFound(message);
  if (code === 'EACCES' || code === 'EPERM') return new errors.PermissionDenied(message);
  if (code === 'EEXIST') return new errors.AlreadyExists(message);
  if (code === 'ECONNREFUSED') return new errors.ConnectionRefused(message);
  if (code === 'ECONNRESET' || code === 'EPIPE') return new errors.ConnectionReset(message);
  if (code === 'ETIMEDOUT') return new errors.TimedOut(message);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new errors.AddrNotAvailable(message);
  return err;
}

function wrapAsync<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  return (...args: A) => fn(...args).catch((err: unknown) => Promise.reject(denoError(err)));
}
function wrapSync<A extends unknown[], R>(fn: (...args: A) => R) {
  return (...args: A) => {
    try {
      return fn(...args);
    } catch (err) {
      throw denoError(err);
    }
  };
}

const env = {
  get: (key: string) => process.env[key],
  set: (key: string, value: string) => {
    process.env[key] = value;
  },
  delete: (key: string) => {
    delete process.env[key];
  },
  has: (key: string) => process.env[key] !== undefined,
  toObject: () => ({ ...process.env }) as Record<string, string>,
};

export function installDeno(): void {
  const Deno = {
    serve,
    env,
    errors,
    version: { deno: '2.1.4', v8: process.versions.v8, typescript: '5.6.2' },
    build: { os: process.platform === 'win32' ? 'windows' : process.platform, arch: process.arch === 'arm64' ? 'aarch64' : 'x86_64', target: '' },
    pid: process.pid,
    args: [] as string[],
    noColor: true,
    cwd: () => process.cwd(),
    hostname: () => hostname(),
    memoryUsage: () => process.memoryUsage(),
    inspect: (value: unknown) => inspect(value),
    exit: (code?: number) => process.exit(code),
    readTextFile: wrapAsync((path: string | URL) => readFile(path, 'utf8')),
    readFile: wrapAsync(async (path: string | URL) => new Uint8Array(await readFile(path))),
    readTextFileSync: wrapSync((path: string | URL) => readFileSync(path, 'utf8')),
    readFileSync: wrapSync((path: string | URL) => new Uint8Array(readFileSync(path))),
    // Outbound TCP for deno.land/x database drivers (see deno-net.ts).
    connect: wrapAsync(connect),
    connectTls: wrapAsync(connectTls),
    startTls: wrapAsync(startTls),
  };
  const pending = new Set<Promise<unknown>>();
  const EdgeRuntime = {
    /** Background work that may outlive the response; failures are logged, never fatal. */
    waitUntil(promise: Promise<unknown>) {
      const p = Promise.resolve(promise).catch((err: unknown) => console.error('EdgeRuntime.waitUntil task failed:', err));
      pending.add(p);
      void p.finally(() => pending.delete(p));
      return p;
    },
  };
  const g = globalThis as Record<string, unknown>;
  g.Deno = Deno;
  g.EdgeRuntime = EdgeRuntime;
  // Functions register `beforeunload`/`unload` listeners for shutdown work; Node has no such global.
  if (typeof g.addEventListener !== 'function') {
    const target = new EventTarget();
    g.addEventListener = target.addEventListener.bind(target);
    g.removeEventListener = target.removeEventListener.bind(target);
    g.dispatchEvent = target.dispatchEvent.bind(target);
  }
}
