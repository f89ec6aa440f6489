// The double's data: what Stripe would hold for one platform account in test mode.
import type { Session } from './checkout.ts';
import { WebhookSender, type StripeEvent } from './webhooks.ts';

export const API_VERSION = '2026-10-28.endive';

export class Stripe {
  readonly baseUrl: string;
  readonly secretKey: string;
  readonly webhooks: WebhookSender;
  readonly sessions = new Map<string, Session>();
  readonly paymentIntents = new Map<string, Record<string, unknown>>();
  readonly charges = new Map<string, Record<string, unknown>>();
  readonly refunds = new Map<string, Record<string, unknown>>();
  readonly accounts = new Map<string, Record<string, unknown> & { id: string; charges_enabled: boolean }>();
  readonly accountLinks = new Map<string, { account: string; return_url: string; refresh_url: string; expires_at: number }>();
  /** Requests as received (method, path, idempotency key, form), for tests to inspect. */
  readonly requests: { method: string; path: string; idempotencyKey?: string; body: Record<string, unknown>; status: number }[] = [];
  /** The status new refunds get ('succeeded' for cards; 'pending' or 'failed' as a test sets). */
  refundStatus: 'succeeded' | 'pending' | 'failed' = 'succeeded';
  /** Answer the next N POSTs to this path prefix with a 500 (a test of retries and idempotency). */
  failNext: { prefix: string; count: number } | undefined;
  /** The `Stripe-Account` header of the request being handled (direct charges). */
  connectedAccountOfRequest: string | undefined;
  private eventCount = 0;

  constructor(baseUrl: string, secretKey: string, webhooks: WebhookSender) {
    this.baseUrl = baseUrl;
    this.secretKey = secretKey;
    this.webhooks = webhooks;
  }

  emit(type: string, object: Record<string, unknown>, opts: { account?: string; previous?: Record<string, unknown> } = {}): StripeEvent {
    const event: StripeEvent = {
      id: `evt_test_${Date.now().toString(36)}${(++this.eventCount).toString(36).padStart(6, '0')}`,
      object: 'event',
      ...(opts.account ? { account: opts.account } : {}),
      api_version: API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: structuredClone(object), ...(opts.previous ? { previous_attributes: opts.previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.webhooks.emit(event);
    return event;
  }
}
