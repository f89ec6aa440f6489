// A local double of the Stripe API endpoints Gather uses (Checkout Sessions, PaymentIntents,
// Charges, Refunds, Accounts, Account Links), its hosted payment and onboarding pages, and its
// webhooks (signed as Stripe signs them). Driven by the official `stripe` SDK in the tests and
// in the functions (STRIPE_API_BASE points them here). Stripe's rules as documented: secret-key
// auth, form-encoded bodies, `Idempotency-Key` replays, `{ error: { type, code, message, param } }`.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSession, expireSession, getSession, lineItemList, paySession, publicSession, settle, type Session } from './checkout.ts';
import { notFound, StripeApiError } from './errors.ts';
import { parseForm } from './form.ts';
import { onboardingPage, paymentPage } from './hosted-pages.ts';
import { completeOnboarding, createAccount, createAccountLink, createRefund, getAccount, listRefunds } from './refunds-accounts.ts';
import { API_VERSION, Stripe } from './state.ts';
import { WebhookSender } from './webhooks.ts';

export { signPayload, type StripeEvent } from './webhooks.ts';
export type { Session } from './checkout.ts';

export interface StripeDouble {
  url: string;
  secretKey: string;
  webhookSecret: string;
  state: Stripe;
  webhooks: WebhookSender;
  setWebhookEndpoint(url: string): void;
  /** What clicking "Pay" on the hosted page does. */
  pay(sessionId: string, method?: 'card' | 'delayed_success' | 'delayed_failure'): Session;
  /** A delayed payment method's outcome arrives. */
  settle(sessionId: string): void;
  /** Stripe lets a session lapse (as at its expires_at). */
  expire(sessionId: string): Session;
  completeOnboarding(accountId: string, opts?: { payouts?: boolean }): void;
  close(): Promise<void>;
}

type Handler = (s: Stripe, match: RegExpExecArray, form: ReturnType<typeof parseForm>, query: URLSearchParams) => unknown;

const API: [method: string, path: RegExp, handler: Handler][] = [
  ['POST', /^\/v1\/checkout\/sessions$/, (s, _m, form) => publicSession(createSession(s, form))],
  ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (s, m) => publicSession(getSession(s, m[1]!))],
  ['GET', /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/, (s, m) => lineItemList(getSession(s, m[1]!))],
  ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (s, m) => publicSession(expireSession(s, getSession(s, m[1]!)))],
  ['GET', /^\/v1\/payment_intents\/([^/]+)$/, (s, m) => s.paymentIntents.get(m[1]!) ?? raise(notFound('payment_intent', m[1]!))],
  ['GET', /^\/v1\/charges\/([^/]+)$/, (s, m) => s.charges.get(m[1]!) ?? raise(notFound('charge', m[1]!))],
  ['POST', /^\/v1\/refunds$/, (s, _m, form) => createRefund(s, form)],
  ['GET', /^\/v1\/refunds$/, (s, _m, _f, q) => listRefunds(s, q)],
  ['GET', /^\/v1\/refunds\/([^/]+)$/, (s, m) => s.refunds.get(m[1]!) ?? raise(notFound('refund', m[1]!))],
  ['POST', /^\/v1\/accounts$/, (s, _m, form) => createAccount(s, form)],
  ['GET', /^\/v1\/accounts\/([^/]+)$/, (s, m) => getAccount(s, m[1]!)],
  ['POST', /^\/v1\/account_links$/, (s, _m, form) => createAccountLink(s, form)],
];

function raise(err: Error): never {
  throw err;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'stripe-version': API_VERSION, ...headers });
  res.end(JSON.stringify(body));
}

export async function startStripeDouble(opts: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeDouble> {
  const secretKey = opts.secretKey ?? `sk_test_${randomBytes(18).toString('hex')}`;
  const webhooks = new WebhookSender(opts.webhookSecret);
  const idempotent = new Map<string, { hash: string; status: number; body: unknown }>();
  let state: Stripe;

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): Promise<void> {
    const requestId = `req_${randomBytes(7).toString('hex')}`;
    const auth = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!auth) return send(res, 401, { error: { type: 'invalid_request_error', message: 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').' } });
    if (auth !== secretKey) return send(res, 401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${auth.slice(0, 8)}****${auth.slice(-4)}` } });
    const route = API.find(([m, p]) => m === req.method && p.test(url.pathname));
    const form = req.method === 'POST' ? parseForm(raw) : {};
    const key = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    state.connectedAccountOfRequest = req.headers['stripe-account'] as string | undefined;
    const record = (status: number) => state.requests.push({ method: req.method!, path: url.pathname, idempotencyKey: key, body: form, status });
    const slot = key ? `${state.connectedAccountOfRequest ?? ''}:${key}` : undefined;
    const hash = createHash('sha256').update(`${req.method} ${url.pathname} ${raw}`).digest('hex');
    if (slot && idempotent.has(slot)) {
      const prior = idempotent.get(slot)!;
      if (prior.hash !== hash) {
        record(400);
        return send(res, 400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` } }, { 'request-id': requestId });
      }
      record(prior.status);
      return send(res, prior.status, prior.body, { 'request-id': requestId, 'idempotent-replayed': 'true', ...(key ? { 'idempotency-key': key } : {}) });
    }
    if (req.method === 'POST' && state.failNext && url.pathname.startsWith(state.failNext.prefix) && state.failNext.count > 0) {
      state.failNext.count--;
      record(500);
      return send(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } }, { 'request-id': requestId });
    }
    let status = 200;
    let body: unknown;
    try {
      if (!route) throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
      body = route[2](state, route[1].exec(url.pathname)!, form, url.searchParams);
    } catch (err) {
      if (!(err instanceof StripeApiError)) throw err;
      status = err.status;
      body = err.body(requestId);
    }
    // Stripe keeps an idempotent result, errors included, except 5xx-ish failures to reach it.
    if (slot) idempotent.set(slot, { hash, status, body });
    record(status);
    send(res, status, body, { 'request-id': requestId, ...(key ? { 'idempotency-key': key } : {}) });
  }

  async function hosted(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): Promise<boolean> {
    const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
    const onboard = /^\/connect\/onboard\/([^/]+)$/.exec(url.pathname);
    const redirect = (to: string) => { res.writeHead(303, { location: to }); res.end(); };
    if (pay) {
      const session = state.sessions.get(pay[1]!);
      if (!session) { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('No such Checkout Session'); return true; }
      if (req.method === 'POST') {
        const form = new URLSearchParams(raw);
        if (form.get('action') === 'cancel') { redirect(session.cancel_url ?? '/'); return true; }
        if (session.status === 'open') paySession(state, session, (form.get('method') as 'card') ?? 'card');
        { redirect(session.success_url!.replace('{CHECKOUT_SESSION_ID}', session.id)); return true; }
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(paymentPage(session));
      return true;
    }
    if (onboard) {
      const link = state.accountLinks.get(onboard[1]!);
      if (!link) { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('No such account link'); return true; }
      if (link.expires_at < Date.now() / 1000) { redirect(link.refresh_url); return true; }
      if (req.method === 'POST') {
        state.accountLinks.delete(onboard[1]!); // an account link is single-use
        completeOnboarding(state, link.account);
        { redirect(link.return_url); return true; }
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(onboardingPage(link.account));
      return true;
    }
    return false;
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    readBody(req)
      .then(async (raw) => {
        if (await hosted(req, res, url, raw)) return;
        await api(req, res, url, raw);
      })
      .catch((err: unknown) => send(res, 500, { error: { type: 'api_error', message: (err as Error).message } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state = new Stripe(base, secretKey, webhooks);
  const session = (sid: string) => state.sessions.get(sid) ?? raise(new Error(`stripe double: no session ${sid}`));
  return {
    url: base,
    secretKey,
    webhookSecret: webhooks.secret,
    state,
    webhooks,
    setWebhookEndpoint: (endpoint) => { webhooks.endpoint = endpoint; },
    pay: (sid, method) => paySession(state, session(sid), method),
    settle: (sid) => settle(state, session(sid)),
    expire: (sid) => expireSession(state, session(sid)),
    completeOnboarding: (acct, o) => completeOnboarding(state, acct, o),
    async close() {
      webhooks.close();
      await webhooks.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

