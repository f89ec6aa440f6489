import { createServer, type Server, type Socket } from 'node:net';
import type { PgliteDb, WireClient } from '../db/pglite-driver.ts';

/**
 * The embedded database on `[db] port` (decision 0226): psql, pg_dump, ORMs and GUIs reach PGlite
 * over the Postgres wire protocol. This side frames each connection's messages and enforces the
 * one rule that keeps the API answering: a tool may hold the single backend only while it is
 * working. The worker side (db/pglite-wire-sessions.ts) runs the messages between the API's
 * transactions and keeps each tool's session settings apart.
 */
export interface DbPortOptions {
  port: number;
  /** A tool idle inside a transaction this long while the API waits is disconnected (25P03). */
  yieldAfterMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

export interface DbPort {
  port: number;
  close(): Promise<void>;
}

export const YIELD_AFTER_MS = 1000;
const CHECK_EVERY_MS = 100;
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/** Listens on loopback only: PGlite checks no password, so the port is for tools on this machine. */
export async function serveDbPort(db: PgliteDb, opts: DbPortOptions): Promise<DbPort> {
  const connections = new Map<Socket, () => Promise<void>>();
  const server: Server = createServer((socket) => {
    const ended = serveConnection(socket, db.wireClient(), opts.yieldAfterMs ?? YIELD_AFTER_MS, opts.log);
    connections.set(socket, ended);
    socket.on('close', () => void ended().finally(() => connections.delete(socket)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: opts.port, host: '127.0.0.1' }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : opts.port,
    async close() {
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      // Each client's open transaction is rolled back before the database closes.
      const ends = [...connections].map(([socket, ended]) => (socket.destroy(), ended()));
      await Promise.all([closing, ...ends]);
    },
  };
}

/** Serves one connection; answers a function that resolves once the client's session is released. */
function serveConnection(socket: Socket, client: WireClient, yieldAfterMs: number, log: DbPortOptions['log']): () => Promise<void> {
  socket.setNoDelay(true);
  let buf = Buffer.alloc(0);
  let started = false;
  let closed = false;
  let holding = false;
  let idleSince = 0;
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;

  const finish = (error?: Buffer) => {
    if (closed) return;
    closed = true;
    clearInterval(watch);
    if (error && socket.writable) socket.end(error);
    else socket.destroy();
    // After whatever is in flight: then roll back what the client holds.
    queue = queue.then(() => client.close());
  };

  // The yield rule: idle in a transaction while others wait for the backend → disconnected.
  const watch = setInterval(() => {
    if (!holding || pending > 0 || Date.now() - idleSince < yieldAfterMs || !client.othersWaiting()) return;
    log?.warn({ idleMs: Date.now() - idleSince }, 'database port: a client idle in a transaction was disconnected so the API could go on');
    finish(
      errorResponse(
        '25P03',
        `terminating connection: idle in a transaction for ${yieldAfterMs} ms while the server's API was waiting for the embedded database`,
        'PGlite is one connection shared with the API: keep transactions on the database port short (see docs/supabase-compatibility.md, "Database port").',
      ),
    );
  }, CHECK_EVERY_MS);
  watch.unref();

  const run = (messages: Buffer[]) => {
    pending++;
    queue = queue.then(async () => {
      if (closed) return;
      try {
        const r = await client.send(messages);
        holding = r.holding;
        idleSince = Date.now();
        // A FATAL answer (a startup setting refused) ends the connection, as Postgres ends it.
        if (isFatal(r.out)) return finish(Buffer.from(r.out));
        if (!closed && r.out.byteLength > 0) socket.write(r.out);
      } catch (err) {
        const e = err as { code?: string; message?: string };
        finish(errorResponse(e.code ?? 'XX000', e.message ?? 'the embedded database failed'));
      } finally {
        pending--;
      }
    });
  };

  socket.on('data', (chunk) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    const batch: Buffer[] = [];
    for (;;) {
      if (!started) {
        if (buf.length < 8) break;
        const len = buf.readInt32BE(0);
        const code = buf.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          socket.write('N'); // no TLS on a loopback port: the client goes on in plain text
          buf = buf.subarray(8);
          continue;
        }
        if (code === CANCEL_REQUEST) return finish(); // nothing to signal: statements run to their time limit
        if (buf.length < len) break;
        batch.push(buf.subarray(0, len));
        buf = buf.subarray(len);
        started = true;
        continue;
      }
      if (buf.length < 5) break;
      const len = buf.readInt32BE(1);
      if (buf.length < 1 + len) break;
      const msg = buf.subarray(0, 1 + len);
      buf = buf.subarray(1 + len);
      if (msg[0] === 0x58) {
        // Terminate: PGlite's backend is shared, so the client's end is only ours to record.
        if (batch.length) run(batch.splice(0));
        return finish();
      }
      batch.push(msg);
    }
    if (batch.length) run(batch.map((b) => Buffer.from(b)));
  });
  socket.on('error', () => finish());
  socket.on('close', () => finish());
  return () => {
    finish();
    return queue;
  };
}

/** Whether Postgres's answer holds a FATAL ErrorResponse. */
function isFatal(out: Uint8Array): boolean {
  const b = Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  for (let i = 0; i + 5 <= b.length; i += 1 + b.readInt32BE(i + 1)) {
    if (b[i] !== 0x45) continue;
    const fields = `\0${b.subarray(i + 5, i + 1 + b.readInt32BE(i + 1)).toString('latin1')}`;
    if (fields.includes('\0SFATAL\0')) return true;
  }
  return false;
}

/** A FATAL ErrorResponse, as Postgres ends a connection. */
function errorResponse(code: string, message: string, hint?: string): Buffer {
  const fields = [['S', 'FATAL'], ['V', 'FATAL'], ['C', code], ['M', message], ...(hint ? [['H', hint]] : [])];
  const body = Buffer.concat([...fields.map(([k, v]) => Buffer.from(`${k}${v}\0`, 'utf8')), Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head[0] = 0x45;
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}
