import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type MetricsSetting = { kind: 'off' } | { kind: 'path'; path: string } | { kind: 'port'; host?: string; port: number };

/** GATHER_METRICS: "" (off), "/metrics" (a path on the API port), "9100" or "host:9100" (a port of its own). */
export function parseMetricsSetting(value: string): MetricsSetting {
  const v = value.trim();
  if (v === '') return { kind: 'off' };
  if (v.startsWith('/')) return { kind: 'path', path: v };
  const i = v.lastIndexOf(':');
  const host = i > 0 ? v.slice(0, i).replace(/^\[(.*)\]$/, '$1') : undefined;
  return { kind: 'port', host, port: Number(i > 0 ? v.slice(i + 1) : v) };
}

/** The text Prometheus scrapes, with its content type. */
export type MetricsSource = () => Promise<{ contentType: string; body: string }>;

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * Metrics on a port of their own, so the API port (and the load balancer in front of it) never
 * exposes them. Any path answers: Prometheus is configured with the port.
 */
export async function serveMetricsPort(host: string, port: number, source: MetricsSource): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Method not allowed' }));
      return;
    }
    source().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body),
      (err: Error) => res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `metrics unavailable: ${err.message}` })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref(); // metrics never keep a stopping process alive
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
