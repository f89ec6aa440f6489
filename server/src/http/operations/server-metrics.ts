import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Which API a request went to, from its path: a small fixed set, so label cardinality stays bounded. */
export function apiOf(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  const m = /^\/(rest|realtime|storage|auth|functions|mail|graphql)\/v1(?:\/|$)/.exec(path);
  if (m) return m[1]!;
  if (path === '/health' || path === '/ready' || path === '/metrics') return 'operations';
  if (path.startsWith('/_inbox')) return 'mail';
  return 'web';
}

/** A value read when Prometheus scrapes: one number, or one per set of label values. */
export type ScrapeValue = number | { labels: Record<string, string>; value: number }[];
export type ScrapeReader = () => Promise<ScrapeValue> | ScrapeValue;

/**
 * The server's Prometheus metrics, in a registry of its own (tests run several servers in one
 * process). Counters and histograms are fed by hooks; gauges are read at scrape time, so an idle
 * server does no work for them.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'api' | 'method' | 'status'>;
  readonly duration: Histogram<'api'>;
  readonly functionInvocations: Counter<'function' | 'status'>;
  readonly functionWorkerRestarts: Counter<'function' | 'reason'>;
  readonly realtimeDeliveryLag: Histogram;
  readonly realtimeMessages: Counter<'kind'>;

  constructor(labels: Record<string, string> = {}) {
    const registers = [this.registry];
    this.registry.setDefaultLabels(labels);
    collectDefaultMetrics({ register: this.registry, prefix: 'gather_process_' });
    this.requests = new Counter({
      name: 'gather_http_requests_total',
      help: 'HTTP requests answered, by API, method and status',
      labelNames: ['api', 'method', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'gather_http_request_duration_seconds',
      help: 'Time from request to the end of the response, by API',
      labelNames: ['api'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.functionInvocations = new Counter({
      name: 'gather_function_invocations_total',
      help: 'Edge Function invocations, by function and status',
      labelNames: ['function', 'status'],
      registers,
    });
    this.functionWorkerRestarts = new Counter({
      name: 'gather_function_worker_restarts_total',
      help: 'Edge Function workers lost to a failure and replaced, by function and reason (memory, exit, timeout, boot)',
      labelNames: ['function', 'reason'],
      registers,
    });
    this.realtimeDeliveryLag = new Histogram({
      name: 'gather_realtime_delivery_lag_seconds',
      help: 'From the commit of a row change to its delivery to subscribers on this process',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.realtimeMessages = new Counter({
      name: 'gather_realtime_messages_total',
      help: 'Realtime messages sent to sockets, by kind (postgres_changes, broadcast, presence)',
      labelNames: ['kind'],
      registers,
    });
  }

  observeRequest(url: string, method: string, status: number, seconds: number): void {
    const api = apiOf(url);
    this.requests.inc({ api, method, status: String(status) });
    this.duration.observe({ api }, seconds);
    if (api === 'functions') {
      const name = /^\/functions\/v1\/([^/?#]+)/.exec(url)?.[1];
      if (name && /^[A-Za-z0-9_-]{1,64}$/.test(name)) this.functionInvocations.inc({ function: name, status: String(status) });
    }
  }

  /** A counter whose running total is kept elsewhere (the pool, a table), read at scrape time. */
  counterFrom(name: string, help: string, read: () => number): void {
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }

  /** A gauge whose value is read at scrape time; errors leave it unset rather than failing the scrape. */
  gauge(name: string, help: string, labelNames: string[], read: ScrapeReader): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          const v = await read();
          if (typeof v === 'number') this.set(v);
          else for (const row of v) this.set(row.labels, row.value);
        } catch {
          // The table or connection is not there (yet): report nothing for it.
        }
      },
    });
  }
}
