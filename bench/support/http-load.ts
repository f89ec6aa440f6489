import http from 'node:http';
import { percentile } from './stats.ts';

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  count: number;
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/**
 * A keep-alive HTTP/1.1 client on node:http: lighter than fetch, so on a 2-core machine the load
 * generator takes less of the CPU the servers under test need.
 */
export function httpClient(base: string, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const origin = new URL(base);
  return {
    request(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
      return new Promise((resolve, reject) => {
        const req = http.request(
          { agent, host: origin.hostname, port: origin.port, method, path, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** `op` from `concurrency` loops for `seconds`: completions per second and latency percentiles (ms). */
export async function runLoad(concurrency: number, seconds: number, op: (i: number) => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = [];
  let failed = 0;
  let n = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        const ok = await op(n++).catch(() => false);
        if (ok) latencies.push(performance.now() - t);
        else failed++;
      }
    }),
  );
  const secs = (performance.now() - start) / 1000;
  return { perSecond: latencies.length / secs, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed, count: latencies.length };
}
