// Refunds (full or partial, of a PaymentIntent or a Charge) and Connect accounts with their
// onboarding links, as Stripe's API reference describes them.
import { id, now } from './checkout.ts';
import { invalid, missing, notFound } from './errors.ts';
import { int, metadata, str, type Form } from './form.ts';
import type { Stripe } from './state.ts';

export function createRefund(s: Stripe, form: Form): Record<string, unknown> {
  const piId = str(form.payment_intent);
  const chargeId = str(form.charge);
  if (!piId && !chargeId) throw missing('charge');
  let charge: Record<string, unknown> | undefined;
  if (chargeId) {
    charge = s.charges.get(chargeId);
    if (!charge) throw notFound('charge', chargeId);
  } else {
    const pi = s.paymentIntents.get(piId!);
    if (!pi) throw notFound('payment_intent', piId!);
    charge = pi.latest_charge ? s.charges.get(pi.latest_charge as string) : undefined;
    if (!charge) throw invalid('This PaymentIntent does not have a successful charge to refund.', 'payment_intent', 'charge_not_refundable');
  }
  const left = (charge.amount as number) - (charge.amount_refunded as number);
  if (left <= 0) throw invalid(`Charge ${charge.id as string} has already been refunded.`, undefined, 'charge_already_refunded');
  const amount = int(form.amount) ?? left;
  if (!Number.isInteger(amount) || amount < 1) throw invalid(`Invalid positive integer`, 'amount', 'parameter_invalid_integer');
  if (amount > left) {
    throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount', 'amount_too_large');
  }
  const reverse = str(form.reverse_transfer) === 'true';
  if (reverse && !charge.transfer_data) throw invalid('You can only reverse a transfer for a destination charge.', 'reverse_transfer');
  const status = s.refundStatus;
  const refund = {
    id: id('re'), object: 'refund', amount, currency: charge.currency, charge: charge.id, payment_intent: charge.payment_intent,
    created: now(), metadata: metadata(form.metadata), reason: str(form.reason) ?? null, status,
    ...(reverse ? { transfer_reversal: id('trr') } : {}),
  };
  s.refunds.set(refund.id, refund);
  if (status !== 'failed') {
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    s.emit('charge.refunded', charge);
  }
  s.emit('refund.created', refund);
  return refund;
}

export function listRefunds(s: Stripe, query: URLSearchParams): Record<string, unknown> {
  const pi = query.get('payment_intent');
  const charge = query.get('charge');
  const limit = Math.min(Number(query.get('limit') ?? 10) || 10, 100);
  const all = [...s.refunds.values()]
    .filter((r) => (!pi || r.payment_intent === pi) && (!charge || r.charge === charge))
    .reverse();
  return { object: 'list', url: '/v1/refunds', has_more: all.length > limit, data: all.slice(0, limit) };
}

export function createAccount(s: Stripe, form: Form): Record<string, unknown> {
  const type = str(form.type) ?? 'standard';
  if (!['standard', 'express', 'custom'].includes(type)) throw invalid(`Invalid type: must be one of standard, express, or custom`, 'type');
  const account = {
    id: id('acct').replace('_test_', '_1'), object: 'account', type, country: str(form.country) ?? 'US', email: str(form.email) ?? null,
    charges_enabled: false, payouts_enabled: false, details_submitted: false, created: now(), metadata: metadata(form.metadata),
    requirements: { currently_due: ['external_account', 'tos_acceptance.date'], disabled_reason: 'requirements.past_due' },
  };
  s.accounts.set(account.id, account);
  return account;
}

export function getAccount(s: Stripe, accountId: string): Record<string, unknown> {
  const account = s.accounts.get(accountId);
  if (!account) throw notFound('account', accountId);
  return account;
}

export function createAccountLink(s: Stripe, form: Form): Record<string, unknown> {
  const account = str(form.account);
  if (!account) throw missing('account');
  if (!s.accounts.has(account)) throw notFound('account', account);
  const type = str(form.type);
  if (!type) throw missing('type');
  if (type !== 'account_onboarding' && type !== 'account_update') throw invalid('Invalid type', 'type');
  const returnUrl = str(form.return_url);
  const refreshUrl = str(form.refresh_url);
  if (!returnUrl) throw missing('return_url');
  if (!refreshUrl) throw missing('refresh_url');
  const token = id('link');
  const expires = now() + 300;
  s.accountLinks.set(token, { account, return_url: returnUrl, refresh_url: refreshUrl, expires_at: expires });
  return { object: 'account_link', created: now(), expires_at: expires, url: `${s.baseUrl}/connect/onboard/${token}` };
}

/** Onboarding finished on Stripe's side: the account can take charges and get payouts. */
export function completeOnboarding(s: Stripe, accountId: string, opts: { payouts?: boolean } = {}): void {
  const account = s.accounts.get(accountId);
  if (!account) throw new Error(`stripe double: no account ${accountId}`);
  const previous = { charges_enabled: account.charges_enabled, payouts_enabled: account.payouts_enabled, details_submitted: account.details_submitted };
  Object.assign(account, {
    charges_enabled: true, payouts_enabled: opts.payouts ?? true, details_submitted: true,
    requirements: { currently_due: [], disabled_reason: null },
  });
  s.emit('account.updated', account, { account: accountId, previous });
}
