import WebSocket from 'ws';

/**
 * A bare Phoenix v2 client: realtime-js costs too much per instance to open 1,000 of them in
 * the process that also runs the server.
 */
export async function phoenixClient(
  url: string,
  apikey: string,
  onEvent: (event: string, payload: unknown) => void,
  onClose?: (code: number) => void,
): Promise<{
  join(topic: string, config: object, accessToken?: string): Promise<void>;
  send(frame: unknown[]): void;
  close(): void;
}> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`);
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  ws.on('error', () => {}); // a reset socket just closes; the bench counts what arrived
  const waiting = new Map<string, () => void>();
  let ref = 0;
  // Heartbeats as realtime-js sends them: a socket silent for long is closed by the server.
  const heartbeat = setInterval(() => ws.send(JSON.stringify([null, String(++ref), 'phoenix', 'heartbeat', {}])), 25_000);
  heartbeat.unref();
  ws.once('close', (code) => {
    clearInterval(heartbeat);
    onClose?.(code);
  });
  ws.on('message', (data, binary) => {
    if (binary) return;
    const [, r, , event, payload] = JSON.parse(data.toString()) as [string, string, string, string, unknown];
    if (event === 'phx_reply' && waiting.has(r)) {
      waiting.get(r)!();
      waiting.delete(r);
    } else onEvent(event, payload);
  });
  return {
    join(topic, config, accessToken) {
      const r = String(++ref);
      ws.send(JSON.stringify([r, r, `realtime:${topic}`, 'phx_join', { config, access_token: accessToken }]));
      return new Promise((resolve) => waiting.set(r, resolve));
    },
    send(frame) {
      ws.send(JSON.stringify(frame));
    },
    close() {
      clearInterval(heartbeat);
      ws.close();
    },
  };
}
