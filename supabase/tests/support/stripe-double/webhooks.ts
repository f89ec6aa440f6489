// Webhook deliveries as Stripe makes them: a POST of the event (pretty-printed JSON) to the
// endpoint with `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" keyed by the
// whole whsec_ secret>`; anything but a 2xx is retried later (Stripe: for up to three days, with
// exponential backoff; here on a short schedule a test sets). Tests may hold deliveries back and
// release them in another order, twice, or resend one: Stripe documents that events may arrive
// more than once and out of order.
import { createHmac, randomBytes } from 'node:crypto';

export interface StripeEvent {
  id: string;
  object: 'event';
  account?: string;
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface Delivery {
  eventId: string;
  type: string;
  attempt: number;
  /** The endpoint's HTTP status, or 0 when it could not be reached. */
  status: number;
  at: number;
}

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64').replace(/[^A-Za-z0-9]/g, '')}`;
}

export class WebhookSender {
  endpoint: string | undefined;
  readonly secret: string;
  /** Waits before each retry; its length is how many times a failed delivery is retried. */
  retryDelaysMs: number[] = [100, 250, 500, 1000, 2000];
  readonly events: StripeEvent[] = [];
  readonly deliveries: Delivery[] = [];
  private held: StripeEvent[] | undefined;
  private readonly inflight = new Set<Promise<void>>();
  private closed = false;

  constructor(secret = newWebhookSecret()) {
    this.secret = secret;
  }

  emit(event: StripeEvent): void {
    this.events.push(event);
    if (this.held) this.held.push(event);
    else this.send(event);
  }

  /** Keeps new events back until `release`. */
  hold(): void {
    this.held ??= [];
  }

  /** Sends what was held: in order, reversed or shuffled; each once, or twice (duplicates). */
  release(opts: { order?: 'as-is' | 'reverse' | 'shuffle'; duplicate?: boolean } = {}): StripeEvent[] {
    const held = this.held ?? [];
    this.held = undefined;
    let batch = opts.order === 'reverse' ? [...held].reverse() : opts.order === 'shuffle' ? [...held].sort(() => Math.random() - 0.5) : held;
    if (opts.duplicate) batch = batch.flatMap((e) => [e, e]);
    for (const e of batch) this.send(e);
    return held;
  }

  /** Delivers an event again (Stripe's "Resend", or a duplicate delivery). */
  resend(eventId: string): void {
    const event = this.events.find((e) => e.id === eventId);
    if (!event) throw new Error(`stripe double: no event ${eventId}`);
    this.send(event);
  }

  ofType(type: string): StripeEvent[] {
    return this.events.filter((e) => e.type === type);
  }

  /** Resolves when every delivery (retries included) has finished. */
  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  close(): void {
    this.closed = true;
  }

  private send(event: StripeEvent): void {
    const p = this.deliver(event).finally(() => this.inflight.delete(p));
    this.inflight.add(p);
  }

  private async deliver(event: StripeEvent): Promise<void> {
    for (let attempt = 1; !this.closed && this.endpoint; attempt++) {
      const payload = JSON.stringify(event, null, 2);
      let status = 0;
      try {
        const res = await fetch(this.endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signPayload(payload, this.secret),
          },
          body: payload,
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
      this.deliveries.push({ eventId: event.id, type: event.type, attempt, status, at: Date.now() });
      if (status >= 200 && status < 300) return;
      const wait = this.retryDelaysMs[attempt - 1];
      if (wait === undefined) return;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}
