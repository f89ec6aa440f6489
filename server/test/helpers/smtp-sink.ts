import { createServer, type Server } from 'node:net';

export interface SinkMessage {
  from: string;
  to: string[];
  data: string;
}

/**
 * A minimal SMTP server for tests: accepts everything (no TLS, no auth) and keeps each message.
 * Enough of RFC 5321 for nodemailer: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT.
 */
export async function startSmtpSink(): Promise<{ port: number; messages: SinkMessage[]; close(): Promise<void> }> {
  const messages: SinkMessage[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: SinkMessage = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          messages.push(current);
          current = { from: '', to: [], data: '' };
          inData = false;
          reply('250 OK queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') [current.from, current.to] = [line.slice(10).trim(), []];
        else if (verb === 'RCPT') current.to.push(line.slice(8).trim());
        else if (verb === 'DATA') [inData] = [true];
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        }
        if (verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        if (verb === 'DATA') reply('354 go ahead');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : 0,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
