// The official Stripe SDK as Gather's payment functions use it (decision 0283): the secret key
// from STRIPE_SECRET_KEY, its fetch-based HTTP client and SubtleCrypto (the edge runtime's), and
// STRIPE_API_BASE pointing it at another host (a local double in tests). Every POST carries an
// Idempotency-Key the caller chooses, so a retry never makes a second session or refund.
import Stripe from 'npm:stripe@23';

export type { Stripe };

export interface Env {
  get(name: string): string | undefined;
}

export class PaymentsNotConfigured extends Error {}

export function stripeClient(env: Env): Stripe {
  const key = env.get('STRIPE_SECRET_KEY');
  if (!key) throw new PaymentsNotConfigured('STRIPE_SECRET_KEY is not set');
  const config: Record<string, unknown> = { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 2, timeout: 20_000 };
  const base = env.get('STRIPE_API_BASE');
  if (base) {
    const url = new URL(base);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === 'https:' ? '443' : '80');
    config.protocol = url.protocol.replace(':', '');
  }
  return new Stripe(key, config as never);
}

/** The endpoint secrets (`whsec_…`): one, or several separated by commas (a platform's own
 * endpoint and its Connect endpoint each have one). */
export function webhookSecrets(env: Env): string[] {
  return (env.get('STRIPE_WEBHOOK_SECRET') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

const crypto = Stripe.createSubtleCryptoProvider();

/** The event, if `signature` is Stripe's for these raw bytes under one of the secrets (300 s tolerance). */
export async function verifiedEvent(stripe: Stripe, raw: string, signature: string | null, secrets: string[]): Promise<Stripe.Event | undefined> {
  if (!signature) return undefined;
  for (const secret of secrets) {
    try {
      return await stripe.webhooks.constructEventAsync(raw, signature, secret, undefined, crypto);
    } catch {
      // not this secret (or not Stripe's signature at all)
    }
  }
  return undefined;
}

/** Checkout's page language from the buyer's Gather language (Stripe names Brazilian Portuguese pt-BR too). */
export function checkoutLocale(locale: string | null | undefined): string {
  return locale && ['en', 'fr', 'de', 'es', 'pt-BR'].includes(locale) ? locale : 'auto';
}
