// Gather with payments, for the app suite and the browser tests: the real server on a copy of
// the project folder (links to the real migrations and functions) whose `functions/.env` gives
// the payment functions the Stripe double's key, webhook secret and address (STRIPE_API_BASE),
// as an operator's .env would give them Stripe's; and the double posting its webhooks to
// `/functions/v1/stripe-webhook`.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { startTestServer } from '../../../server/test/helpers/test-server.ts';
import { signToken } from '../../../server/test/helpers/tokens.ts';
import type { Queryable } from '../../../server/src/db/db-types.ts';
import type { GatherServer, Member } from './gather-server.ts';
import { startStripeDouble, type StripeDouble } from './stripe-double/index.ts';

const PROJECT = fileURLToPath(new URL('../..', import.meta.url));

/** A copy of supabase/ made of links, with its own functions/.env. */
export function projectWithEnv(env: Record<string, string>): { dir: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'gather-payments-'));
  const dir = join(root, 'supabase');
  mkdirSync(join(dir, 'functions'), { recursive: true });
  for (const entry of readdirSync(PROJECT)) {
    if (entry !== 'functions' && entry !== 'tests' && entry !== 'node_modules') symlinkSync(join(PROJECT, entry), join(dir, entry));
  }
  // A function is a real folder (the server lists folders, not links to them) of links to its files.
  for (const entry of readdirSync(join(PROJECT, 'functions'), { withFileTypes: true })) {
    const from = join(PROJECT, 'functions', entry.name);
    if (entry.name === '.env' || !entry.isDirectory()) continue;
    if (entry.name.startsWith('_')) {
      symlinkSync(from, join(dir, 'functions', entry.name));
      continue;
    }
    mkdirSync(join(dir, 'functions', entry.name));
    for (const file of readdirSync(from)) symlinkSync(join(from, file), join(dir, 'functions', entry.name, file));
  }
  writeFileSync(join(dir, 'functions', '.env'), Object.entries(env).map(([k, v]) => `${k}=${v}`).join('\n') + '\n');
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export interface PaymentsGather extends GatherServer {
  stripe: StripeDouble;
  /** The official SDK, pointed at the double, as a test's own client. */
  sdk: Stripe;
  /** A signed-in member's access token. */
  token(m: Member): Promise<string>;
  /** Calls a function as `m` (or with the service-role key), answering status and JSON body. */
  call(fn: string, who: Member | 'service' | 'anon', body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
}

export function sdkFor(double: StripeDouble): Stripe {
  const url = new URL(double.url);
  return new Stripe(double.secretKey, { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
}

/** `env`: more function secrets (wallet keys, …) beside Stripe's. */
export async function startPaymentsGather(opts: { env?: Record<string, string> } = {}): Promise<PaymentsGather> {
  const stripe = await startStripeDouble();
  const project = projectWithEnv({
    STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url, ...opts.env,
  });
  const s = await startTestServer({ project: project.dir }, { seed: false });
  stripe.setWebhookEndpoint(`${s.url}/functions/v1/stripe-webhook`);
  let n = 0;
  const stop = s.stop.bind(s);
  const g = Object.assign(s, {
    stripe,
    sdk: sdkFor(stripe),
    async member(username: string, o: { admin?: boolean } = {}): Promise<Member> {
      const id = `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`;
      const app = o.admin ? { provider: 'email', role: 'admin' } : { provider: 'email' };
      await s.db.query(
        `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
         values ($1, 'authenticated', 'authenticated', $2, $3, $4, now(), now(), now())`,
        [id, `${username}@test.example`, app, { username, display_name: username }],
      );
      return { id, username, claims: { sub: id, role: 'authenticated', aud: 'authenticated', app_metadata: app } };
    },
    sqlAs(who: Member | 'anon' | 'service') {
      const ctx = who === 'anon' ? { role: 'anon', claims: { role: 'anon' } }
        : who === 'service' ? { role: 'service_role', claims: { role: 'service_role' } }
        : { role: 'authenticated', claims: who.claims };
      return async <T>(sql: string, params?: unknown[]) => (await s.db.asRole(ctx, (tx: Queryable) => tx.query<T>(sql, params))).rows;
    },
    token: (m: Member) => signToken(m.claims),
    async call(fn: string, who: Member | 'service' | 'anon', body?: unknown) {
      const key = who === 'service' ? s.keys.serviceRoleKey : who === 'anon' ? s.keys.anonKey : await signToken(who.claims);
      const res = await fetch(`${s.url}/functions/v1/${fn}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, apikey: s.keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
      const text = await res.text();
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        parsed = { text };
      }
      return { status: res.status, body: parsed };
    },
    async stop() {
      await stripe.close();
      await stop();
      project.remove();
    },
  });
  // Each function is bundled on its first request (seconds on a busy machine): do it here, in the
  // hook's time, so no test's own time goes to it. Every one answers an empty anonymous POST fast.
  await Promise.all(['checkout', 'stripe-webhook', 'refund-order', 'payments-sweep', 'connect-onboarding', 'notify'].map((fn) => g.call(fn, 'anon')));
  return g as unknown as PaymentsGather;
}
