// Stripe's error body, `{ error: { type, code, message, param } }`, and the currency rules
// Stripe documents ("Supported currencies"): minor units, zero- and three-decimal currencies,
// minimum charge amounts.

export class StripeApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code?: string;
  readonly param?: string;
  constructor(status: number, type: string, message: string, code?: string, param?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }
  body(requestId: string) {
    return {
      error: {
        type: this.type, message: this.message,
        ...(this.code ? { code: this.code, doc_url: `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}` } : {}),
        ...(this.param ? { param: this.param } : {}),
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
      },
    };
  }
}

export const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, code, param);
export const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
export const notFound = (kind: string, id: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', 'id');

export const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
export const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** Stripe's documented minimum charge, in minor units (where it documents one). */
export const MINIMUM_CHARGE: Record<string, number> = {
  usd: 50, aed: 200, aud: 50, bgn: 100, brl: 50, cad: 50, chf: 50, czk: 1500, dkk: 250, eur: 50, gbp: 30, hkd: 400,
  huf: 17500, inr: 50, jpy: 50, mxn: 1000, myr: 200, nok: 300, nzd: 50, pln: 200, ron: 200, sek: 300, sgd: 50, thb: 1000,
};

export function checkAmount(amount: number, currency: string, param: string): void {
  if (!Number.isInteger(amount) || amount < 0) throw invalid(`Invalid integer: ${amount}`, param, 'parameter_invalid_integer');
  if (amount > 99_999_999) throw invalid('Amount must be no more than $999,999.99', param, 'amount_too_large');
  if (THREE_DECIMAL.has(currency) && amount % 10 !== 0) {
    throw invalid(`Amounts in ${currency.toUpperCase()} must be divisible by 10 (the last digit must be 0).`, param, 'parameter_invalid_integer');
  }
}

export function checkMinimum(total: number, currency: string, param: string): void {
  const minimum = MINIMUM_CHARGE[currency];
  if (total > 0 && minimum !== undefined && total < minimum) {
    throw invalid(`The Checkout Session's total amount due must add up to at least ${minimum} ${currency} (minor units).`, param, 'amount_too_small');
  }
}
