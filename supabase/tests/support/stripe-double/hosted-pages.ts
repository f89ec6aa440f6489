// The pages Stripe hosts: Checkout's payment page (what is bought, the total, "Pay"), and Connect
// onboarding. Plain HTML forms, so a browser test clicks them as a buyer or organizer would.
import type { Session } from './checkout.ts';
import { THREE_DECIMAL, ZERO_DECIMAL } from './errors.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function formatAmount(amount: number, currency: string): string {
  const digits = ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: digits, maximumFractionDigits: digits })
    .format(amount / 10 ** digits);
}

export function paymentPage(session: Session): string {
  const open = session.status === 'open' && session.expires_at > Date.now() / 1000;
  const lines = session.line_items_data
    .map((i) => `<li>${esc(i.name)} × ${i.quantity} — ${esc(formatAmount(i.unit_amount * i.quantity, i.currency))}</li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay · Stripe test double</title></head><body>
<main>
<h1>Checkout</h1>
<ul>${lines}</ul>
<p>Total: <strong data-testid="total">${esc(formatAmount(session.amount_total, session.currency))}</strong></p>
${session.customer_email ? `<p>Email: ${esc(String(session.customer_email))}</p>` : ''}
${open
    ? `<form method="post"><input type="hidden" name="action" value="pay">
<label><input type="radio" name="method" value="card" checked> Card 4242 4242 4242 4242</label>
<label><input type="radio" name="method" value="delayed_success"> Bank debit (settles later)</label>
<button type="submit">Pay</button></form>
<form method="post"><input type="hidden" name="action" value="cancel"><button type="submit">Back</button></form>`
    : `<p role="alert">This Checkout Session is ${esc(session.status === 'open' ? 'expired' : session.status)}.</p>`}
</main></body></html>`;
}

export function onboardingPage(accountId: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Connect onboarding · Stripe test double</title></head><body>
<main><h1>Set up payouts</h1><p>Account ${esc(accountId)}</p>
<form method="post"><button type="submit">Finish onboarding</button></form></main></body></html>`;
}
