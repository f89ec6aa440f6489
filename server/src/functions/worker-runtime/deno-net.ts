import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/**
 * Outbound TCP as Deno offers it (`Deno.connect`, `Deno.connectTls`, `Deno.startTls`), on
 * node:net and node:tls. Database drivers from deno.land/x (deno-postgres, deno-mysql, redis)
 * speak their protocols through these: `read(buffer)` / `write(bytes)` on a `Deno.Conn`.
 */

export interface NetAddr {
  transport: 'tcp';
  hostname: string;
  port: number;
}

/** Unread input is held up to this much before the socket is paused (back-pressure). */
const HIGH_WATER = 64 * 1024;

export class DenoConn {
  readonly socket: Socket;
  readonly localAddr: NetAddr;
  readonly remoteAddr: NetAddr;
  #chunks: Buffer[] = [];
  #buffered = 0;
  #ended = false;
  #error: Error | undefined;
  #wake: (() => void) | undefined;
  #readable: ReadableStream<Uint8Array> | undefined;
  #writable: WritableStream<Uint8Array> | undefined;

  constructor(socket: Socket) {
    this.socket = socket;
    this.localAddr = { transport: 'tcp', hostname: socket.localAddress ?? '', port: socket.localPort ?? 0 };
    this.remoteAddr = { transport: 'tcp', hostname: socket.remoteAddress ?? '', port: socket.remotePort ?? 0 };
    socket.on('data', (chunk: Buffer) => {
      this.#chunks.push(chunk);
      this.#buffered += chunk.length;
      if (this.#buffered > HIGH_WATER) socket.pause();
      this.#signal();
    });
    socket.on('end', () => {
      this.#ended = true;
      this.#signal();
    });
    socket.on('close', () => {
      this.#ended = true;
      this.#signal();
    });
    socket.on('error', (err) => {
      this.#error = err;
      this.#signal();
    });
  }

  #signal(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  /** Fills `p` with what has arrived (waiting for something): the byte count, or null at the end. */
  async read(p: Uint8Array): Promise<number | null> {
    while (this.#chunks.length === 0) {
      if (this.#error) throw this.#error;
      if (this.#ended) return null;
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
    const chunk = this.#chunks[0]!;
    const n = Math.min(p.length, chunk.length);
    p.set(chunk.subarray(0, n));
    if (n === chunk.length) this.#chunks.shift();
    else this.#chunks[0] = chunk.subarray(n);
    this.#buffered -= n;
    if (this.#buffered <= HIGH_WATER && this.socket.isPaused()) this.socket.resume();
    return n;
  }

  write(p: Uint8Array): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.#error) return reject(this.#error);
      this.socket.write(p, (err) => (err ? reject(err) : resolve(p.length)));
    });
  }

  async closeWrite(): Promise<void> {
    await new Promise<void>((resolve) => this.socket.end(resolve));
  }

  close(): void {
    this.socket.destroy();
  }

  setNoDelay(noDelay = true): void {
    this.socket.setNoDelay(noDelay);
  }

  setKeepAlive(keepAlive = true): void {
    this.socket.setKeepAlive(keepAlive);
  }

  ref(): void {
    this.socket.ref();
  }

  unref(): void {
    this.socket.unref();
  }

  get readable(): ReadableStream<Uint8Array> {
    this.#readable ??= new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        const buf = new Uint8Array(16 * 1024);
        const n = await this.read(buf);
        if (n === null) controller.close();
        else controller.enqueue(buf.subarray(0, n));
      },
      cancel: () => this.close(),
    });
    return this.#readable;
  }

  get writable(): WritableStream<Uint8Array> {
    this.#writable ??= new WritableStream<Uint8Array>({
      write: async (chunk) => void (await this.write(chunk)),
      close: () => this.closeWrite(),
      abort: () => this.close(),
    });
    return this.#writable;
  }

  [Symbol.dispose](): void {
    this.close();
  }
}

function opened(socket: Socket, event: 'connect' | 'secureConnect'): Promise<DenoConn> {
  return new Promise((resolve, reject) => {
    socket.once(event, () => {
      socket.off('error', reject);
      resolve(new DenoConn(socket));
    });
    socket.once('error', reject);
  });
}

interface ConnectOptions {
  hostname?: string;
  port: number;
  transport?: 'tcp';
}

interface TlsOptions {
  hostname?: string;
  caCerts?: string[];
  alpnProtocols?: string[];
}

export function connect(o: ConnectOptions): Promise<DenoConn> {
  if (o.transport && o.transport !== 'tcp') return Promise.reject(new TypeError(`Deno.connect: transport "${o.transport}" is not supported here`));
  return opened(netConnect({ host: o.hostname ?? '127.0.0.1', port: o.port }), 'connect');
}

export function connectTls(o: ConnectOptions & TlsOptions): Promise<DenoConn> {
  const host = o.hostname ?? '127.0.0.1';
  return opened(tlsConnect({ host, port: o.port, servername: host, ca: o.caCerts, ALPNProtocols: o.alpnProtocols }), 'secureConnect');
}

/** Upgrades a plain connection (after a protocol's own "let's use TLS" exchange). */
export function startTls(conn: DenoConn, o: TlsOptions = {}): Promise<DenoConn> {
  const host = o.hostname ?? '127.0.0.1';
  // The TLS layer reads the socket from now on, not the plain connection.
  for (const event of ['data', 'end', 'close', 'error'] as const) conn.socket.removeAllListeners(event);
  return opened(tlsConnect({ socket: conn.socket, servername: host, ca: o.caCerts, ALPNProtocols: o.alpnProtocols }), 'secureConnect');
}
