import { parentPort } from 'node:worker_threads';
import { installDeno, registerHandler, registeredHandler, type Registered } from './deno-shim.ts';
import { installSupabaseAi } from './supabase-ai.ts';
import { CHUNK_WINDOW, type FromWorker, type ToWorker } from './wire-protocol.ts';

/**
 * Runs inside a function's worker (a child process, or a worker thread), bundled in front of the
 * function's own code: installs the Deno surface before the function's module evaluates, then
 * serves the requests the server sends, streaming bodies both ways.
 */

installDeno();
installSupabaseAi();

interface Channel {
  send(msg: FromWorker, transfer: ArrayBuffer[]): void;
  listen(fn: (msg: ToWorker) => void): void;
}

function channel(): Channel {
  if (parentPort) {
    const port = parentPort;
    return { send: (msg, transfer) => port.postMessage(msg, transfer), listen: (fn) => port.on('message', fn) };
  }
  if (!process.send) throw new Error('a function bundle runs only inside the server');
  return {
    send: (msg) => {
      if (process.connected) process.send!(msg);
    },
    listen: (fn) => {
      process.on('message', (msg) => fn(msg as ToWorker));
      // The server went away: nothing left to serve.
      process.on('disconnect', () => process.exit(0));
    },
  };
}

const port = channel();
const post = (msg: FromWorker, transfer?: ArrayBuffer[]) => port.send(msg, transfer ?? []);

interface Exchange {
  abort: AbortController;
  /** Request body: the stream's controller, and whether the server awaits an ack for a chunk. */
  body?: ReadableStreamDefaultController<Uint8Array>;
  owedAcks: number;
  /** Response body: acks received from the server wake the writer. */
  unacked: number;
  wake?: () => void;
  done: Promise<void>;
  finish: () => void;
}

const exchanges = new Map<number, Exchange>();

function chunkTransfer(chunk: Uint8Array): ArrayBuffer[] {
  // Only transfer a buffer the chunk owns entirely; shared or pooled buffers are copied.
  return chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength && chunk.buffer instanceof ArrayBuffer ? [chunk.buffer] : [];
}

function requestBody(id: number, ex: Exchange): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      ex.body = controller;
    },
    pull() {
      // The function wants more: acknowledge chunks held back while the queue was full.
      while (ex.owedAcks > 0) {
        ex.owedAcks--;
        post({ t: 'req-ack', id });
      }
    },
    cancel() {
      ex.body = undefined;
    },
  });
}

const TICK = Symbol('tick');
type Read = Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>;

function asBytes(value: unknown): Uint8Array {
  return value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBufferLike);
}

async function streamResponse(id: number, ex: Exchange, reader: ReadableStreamDefaultReader<Uint8Array>, pending?: Promise<Read>): Promise<void> {
  try {
    for (;;) {
      if (ex.abort.signal.aborted) {
        await reader.cancel().catch(() => {});
        return;
      }
      const { value, done } = await (pending ?? reader.read());
      pending = undefined;
      if (done) break;
      if (!value || value.byteLength === 0) continue;
      const chunk = asBytes(value);
      ex.unacked++;
      post({ t: 'res-chunk', id, chunk }, chunkTransfer(chunk));
      while (ex.unacked >= CHUNK_WINDOW && !ex.abort.signal.aborted) {
        await new Promise<void>((resolve) => (ex.wake = resolve));
      }
    }
    post({ t: 'res-end', id });
  } catch (err) {
    if (!ex.abort.signal.aborted) post({ t: 'failed', id, message: String((err as Error)?.stack ?? err) });
  }
}

/**
 * Sends the head with the body's first chunk; when the body is already complete (a plain
 * `new Response(text)`), all in that one message. A body still being produced streams after.
 */
async function sendResponse(id: number, ex: Exchange, response: Response): Promise<void> {
  const head = { t: 'head' as const, id, status: response.status, statusText: response.statusText, headers: [...response.headers] as [string, string][] };
  if (!response.body) return post({ ...head, hasBody: false });
  const reader = response.body.getReader();
  const first = await reader.read();
  if (first.done) return post({ ...head, hasBody: true, end: true });
  const chunk = asBytes(first.value);
  // Whatever the stream has ready now is read now; a stream still producing is not waited for.
  const next = reader.read();
  const ready = await Promise.race([next, new Promise<typeof TICK>((r) => setImmediate(() => r(TICK)))]);
  if (ready !== TICK && ready.done) return post({ ...head, hasBody: true, chunk, end: true }, chunkTransfer(chunk));
  post({ ...head, hasBody: true, chunk }, chunkTransfer(chunk));
  await streamResponse(id, ex, reader, next);
}

/** A Response, also when a bundled library made it with its own class (duck-typed). */
function asResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  const r = value as Partial<Response> | undefined;
  if (r && typeof r.status === 'number' && r.headers) {
    return new Response(r.body ?? null, { status: r.status, statusText: r.statusText, headers: new Headers(r.headers as ConstructorParameters<typeof Headers>[0]) });
  }
  throw new TypeError('the handler did not return a Response');
}

async function handle(reg: Registered, msg: Extract<ToWorker, { t: 'request' }>): Promise<void> {
  const { id } = msg;
  const done = Promise.withResolvers<void>();
  const ex: Exchange = { abort: new AbortController(), owedAcks: 0, unacked: 0, done: done.promise, finish: done.resolve };
  exchanges.set(id, ex);
  try {
    const streamed = msg.hasBody && !msg.body;
    const request = new Request(msg.url, {
      method: msg.method,
      headers: msg.headers,
      body: msg.body ?? (streamed ? requestBody(id, ex) : null),
      signal: ex.abort.signal,
      // Required by undici for a streamed request body.
      ...(streamed ? { duplex: 'half' } : {}),
    } as RequestInit);
    const info = { remoteAddr: { transport: 'tcp' as const, ...msg.remoteAddr }, completed: done.promise };
    let response: Response;
    try {
      response = await reg.handler(request, info);
    } catch (err) {
      if (!reg.onError) throw err;
      response = await reg.onError(err);
    }
    await sendResponse(id, ex, asResponse(response));
  } catch (err) {
    console.error(err);
    post({ t: 'failed', id, message: String((err as Error)?.stack ?? err) });
  } finally {
    exchanges.delete(id);
    done.resolve();
  }
}

function onMessage(msg: ToWorker): void {
  const reg = registeredHandler();
  if (msg.t === 'request') {
    if (!reg) post({ t: 'failed', id: msg.id, message: 'no handler registered' });
    else void handle(reg, msg);
    return;
  }
  const ex = exchanges.get(msg.id);
  if (!ex) return;
  switch (msg.t) {
    case 'req-chunk':
      if (!ex.body) {
        post({ t: 'req-ack', id: msg.id }); // body cancelled: keep the server's reader moving
        return;
      }
      ex.body.enqueue(msg.chunk);
      if ((ex.body.desiredSize ?? 0) > 0) post({ t: 'req-ack', id: msg.id });
      else ex.owedAcks++;
      return;
    case 'req-end':
      try {
        ex.body?.close();
      } catch {}
      return;
    case 'req-error':
      try {
        ex.body?.error(new Error(msg.message));
      } catch {}
      return;
    case 'res-ack':
      ex.unacked--;
      ex.wake?.();
      return;
    case 'abort':
      ex.abort.abort(new DOMException('The client closed the connection', 'AbortError'));
      ex.wake?.();
      return;
  }
}

/** Called by the bundle's entry after the function's module has evaluated. */
export function startWorker(mod: Record<string, unknown>): void {
  const def = mod.default as unknown;
  if (!registeredHandler()) {
    if (typeof def === 'function') registerHandler(def as never);
    else if (def && typeof (def as { fetch?: unknown }).fetch === 'function') {
      const obj = def as { fetch: (req: Request, ...rest: unknown[]) => Response | Promise<Response> };
      registerHandler((req, info) => obj.fetch(req, info));
    }
  }
  port.listen(onMessage);
  if (registeredHandler()) post({ t: 'ready' });
  else post({ t: 'boot-error', message: 'the function neither called Deno.serve() nor exported a default handler' });
}
