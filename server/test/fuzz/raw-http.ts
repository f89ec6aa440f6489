import { connect } from 'node:net';

/** What came back for one raw request: a status, or the connection closed without one. */
export interface RawAnswer {
  status: number | null;
  head: string;
  body: string;
}

export class HangError extends Error {}

/**
 * Sends bytes exactly as given on a fresh connection (fetch would normalise paths, merge
 * duplicate headers, refuse odd methods and bad bytes) and reads until the server closes.
 * A request the server neither answers nor closes within `timeoutMs` is a hang.
 */
export function rawExchange(port: number, request: Buffer, timeoutMs = 15_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new HangError(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      // One answer is enough: a keep-alive server may not close after it.
      if (answered(Buffer.concat(chunks))) socket.end();
    });
    const done = () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks).toString('latin1');
      const split = all.indexOf('\r\n\r\n');
      const head = split < 0 ? all : all.slice(0, split);
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      resolve({ status: m ? Number(m[1]) : null, head, body: split < 0 ? '' : all.slice(split + 4) });
    };
    socket.on('close', done);
    socket.on('error', () => {}); // a reset after the answer (or instead of one) ends in 'close'
    socket.write(request);
  });
}

/** Whether a complete response (head plus a Content-Length body, or a chunked body's end) is in. */
function answered(buf: Buffer): boolean {
  const text = buf.toString('latin1');
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) return false;
  const head = text.slice(0, split).toLowerCase();
  const len = /\r\ncontent-length: *(\d+)/.exec(head);
  if (len) return buf.length - split - 4 >= Number(len[1]);
  if (head.includes('transfer-encoding: chunked')) return text.endsWith('0\r\n\r\n');
  return /^http\/1\.[01] (1\d\d|204|304)/.test(head);
}

/** Builds an HTTP/1.1 request from parts; headers are sent in order, duplicates and all. */
export function buildRequest(method: string | Buffer, path: string | Buffer, headers: [string, string | Buffer][], body?: Buffer): Buffer {
  const parts: Buffer[] = [Buffer.from(method), Buffer.from(' '), Buffer.from(path), Buffer.from(' HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n')];
  for (const [k, v] of headers) parts.push(Buffer.from(`${k}: `), Buffer.from(v), Buffer.from('\r\n'));
  if (body && !headers.some(([k]) => /^(content-length|transfer-encoding)$/i.test(k))) parts.push(Buffer.from(`content-length: ${body.length}\r\n`));
  parts.push(Buffer.from('\r\n'));
  if (body) parts.push(body);
  return Buffer.concat(parts);
}
