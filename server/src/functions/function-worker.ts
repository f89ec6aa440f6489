import { Readable } from 'node:stream';
import { FunctionFailure } from './function-errors.ts';
import { spawnWorkerHost, type HostExit, type Isolation, type WorkerHost } from './worker-host.ts';
import { CHUNK_WINDOW, type FromWorker, type Headers, type ToWorker } from './worker-runtime/wire-protocol.ts';

export interface FunctionRequest {
  method: string;
  url: string;
  headers: Headers;
  /** A stream, or a small body read whole (sent with the request in one message). */
  body: Readable | Uint8Array | null;
  remoteAddr: { hostname: string; port: number };
  /** Aborted when the client goes away. */
  signal: AbortSignal;
}

export interface FunctionResponse {
  status: number;
  statusText: string;
  headers: Headers;
  /** A stream, or the whole body when it came in one message. */
  body: Readable | Buffer | null;
}

/** Why a worker was lost to a failure and will be replaced (idle or rebuilt workers are not). */
export type WorkerLoss = 'memory' | 'exit' | 'timeout' | 'boot';

export interface WorkerLimits {
  isolation: Isolation;
  memoryMb: number;
  timeoutMs: number;
}

interface Pending {
  resolve(res: FunctionResponse): void;
  reject(err: FunctionFailure): void;
  timer: NodeJS.Timeout;
  /** Set once the head arrived: the response body being streamed to the client. */
  body?: Readable;
  owedAcks: number;
  /** Request body pump: unacknowledged chunks and how to resume it. */
  unacked: number;
  resumeBody?: () => void;
  stopBody?: () => void;
  settled: boolean;
}

/**
 * One function worker thread seen from the server: boots the bundle, carries requests and their
 * streamed bodies over messages, applies the request timeout, and reports its own death. A
 * retired worker takes no new requests and is terminated once its last request is done.
 */
export class FunctionWorker {
  readonly ready: Promise<void>;
  inflight = 0;
  lastUsed = Date.now();
  retired = false;
  dead = false;
  private booted = false;
  private readonly host: WorkerHost;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly limits: WorkerLimits;
  private readonly onGone: (w: FunctionWorker, loss?: WorkerLoss) => void;

  /** `onGone` hears of the worker leaving its pool, with the failure that made it leave, if one did. */
  constructor(bundleFile: string, env: Record<string, string>, limits: WorkerLimits, onGone: (w: FunctionWorker, loss?: WorkerLoss) => void) {
    this.limits = limits;
    this.onGone = onGone;
    this.host = spawnWorkerHost(limits.isolation, { bundleFile, env, memoryMb: limits.memoryMb });
    const boot = Promise.withResolvers<void>();
    this.ready = boot.promise;
    this.ready.catch(() => {}); // observed by dispatch(); never an unhandled rejection
    this.host.onMessage((msg) => {
      if (msg.t === 'ready') {
        this.booted = true;
        boot.resolve();
      } else if (msg.t === 'boot-error') {
        boot.reject(new FunctionFailure('boot', msg.message));
        this.retire('boot');
      } else this.onMessage(msg);
    });
    this.host.onExit((exit) => {
      boot.reject(new FunctionFailure('boot', exit.detail));
      this.onExit(exit);
    });
  }

  private post(msg: ToWorker): void {
    if (!this.dead) this.host.post(msg);
  }

  /** Sends one request; resolves with the head (the body streams after) or rejects with a FunctionFailure. */
  async dispatch(req: FunctionRequest): Promise<FunctionResponse> {
    const id = this.nextId++;
    this.inflight++;
    this.lastUsed = Date.now();
    return new Promise<FunctionResponse>((resolve, reject) => {
      const p: Pending = {
        resolve,
        reject,
        owedAcks: 0,
        unacked: 0,
        settled: false,
        timer: setTimeout(() => this.timeout(id), this.limits.timeoutMs),
      };
      this.pending.set(id, p);
      const onAbort = () => {
        this.post({ t: 'abort', id });
        this.finish(id, new FunctionFailure('error', 'client closed the connection'));
      };
      if (req.signal.aborted) return onAbort();
      req.signal.addEventListener('abort', onAbort, { once: true });
      this.ready.then(
        () => {
          if (!this.pending.has(id)) return;
          const whole = req.body instanceof Uint8Array ? req.body : undefined;
          this.post({ t: 'request', id, method: req.method, url: req.url, headers: req.headers, hasBody: req.body !== null, body: whole, remoteAddr: req.remoteAddr });
          if (req.body instanceof Readable) this.pumpBody(id, p, req.body);
        },
        (err: FunctionFailure) => this.finish(id, err),
      );
    });
  }

  private pumpBody(id: number, p: Pending, body: Readable): void {
    const onData = (chunk: Buffer) => {
      p.unacked++;
      this.post({ t: 'req-chunk', id, chunk: new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) });
      if (p.unacked >= CHUNK_WINDOW) body.pause();
    };
    const onEnd = () => this.post({ t: 'req-end', id });
    const onError = (err: Error) => this.post({ t: 'req-error', id, message: err.message });
    body.on('data', onData).on('end', onEnd).on('error', onError);
    p.resumeBody = () => body.resume();
    p.stopBody = () => {
      body.off('data', onData).off('end', onEnd).off('error', onError);
      body.resume(); // let Node drain what the function did not read
    };
  }

  private onMessage(msg: FromWorker): void {
    if (msg.t === 'ready' || msg.t === 'boot-error') return;
    const p = this.pending.get(msg.id);
    if (!p) return;
    switch (msg.t) {
      case 'req-ack':
        p.unacked--;
        if (p.unacked < CHUNK_WINDOW) p.resumeBody?.();
        return;
      case 'head': {
        clearTimeout(p.timer);
        const head = { status: msg.status, statusText: msg.statusText, headers: msg.headers };
        p.settled = true;
        if (!msg.hasBody || msg.end) {
          const body = msg.hasBody ? (msg.chunk ? Buffer.from(msg.chunk.buffer, msg.chunk.byteOffset, msg.chunk.byteLength) : Buffer.alloc(0)) : null;
          p.resolve({ ...head, body });
          this.finish(msg.id);
          return;
        }
        const body = this.responseBody(msg.id, p);
        if (msg.chunk) body.push(Buffer.from(msg.chunk.buffer, msg.chunk.byteOffset, msg.chunk.byteLength));
        p.resolve({ ...head, body });
        return;
      }
      case 'res-chunk': {
        if (!p.body) return;
        const ok = p.body.push(Buffer.from(msg.chunk.buffer, msg.chunk.byteOffset, msg.chunk.byteLength));
        if (ok) this.post({ t: 'res-ack', id: msg.id });
        else p.owedAcks++;
        return;
      }
      case 'res-end':
        p.body?.push(null);
        this.finish(msg.id);
        return;
      case 'failed':
        this.finish(msg.id, new FunctionFailure('error', msg.message));
        return;
    }
  }

  private responseBody(id: number, p: Pending): Readable {
    const body = new Readable({
      read: () => {
        while (p.owedAcks > 0) {
          p.owedAcks--;
          this.post({ t: 'res-ack', id });
        }
      },
    });
    p.body = body;
    return body;
  }

  /** Ends an exchange: rejects it if no head came yet, or cuts its body stream on failure. */
  private finish(id: number, failure?: FunctionFailure): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    p.stopBody?.();
    if (!p.settled) {
      p.settled = true;
      p.reject(failure ?? new FunctionFailure('error', 'no response'));
    } else if (failure && p.body && !p.body.readableEnded) {
      p.body.destroy(failure);
    }
    this.inflight--;
    this.lastUsed = Date.now();
    if (this.retired && this.inflight === 0) void this.terminate();
  }

  private timeout(id: number): void {
    this.post({ t: 'abort', id });
    this.finish(id, new FunctionFailure('timeout', `no response within ${this.limits.timeoutMs} ms`));
    // A worker that let a request hang may be stuck in a loop: replace it.
    this.retire('timeout');
  }

  /** No new requests; terminated once the last in-flight request is done. */
  retire(loss?: WorkerLoss): void {
    if (this.retired) return;
    this.retired = true;
    this.onGone(this, loss);
    if (this.inflight === 0) void this.terminate();
  }

  terminate(): Promise<void> {
    this.retired = true;
    return this.host.terminate();
  }

  private onExit(exit: HostExit): void {
    if (this.dead) return;
    this.dead = true;
    const why = exit.oom ? 'the worker ran out of memory' : `the worker exited (${exit.detail})`;
    // Requests still waiting for the boot failed to boot; the others lost their worker (546).
    const kind = this.booted ? 'limit' : 'boot';
    for (const id of [...this.pending.keys()]) this.finish(id, new FunctionFailure(kind, why));
    if (!this.retired) {
      this.retired = true;
      this.onGone(this, exit.oom ? 'memory' : this.booted ? 'exit' : 'boot');
    }
  }
}
