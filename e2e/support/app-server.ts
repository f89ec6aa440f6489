import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { loadConfig, startServer, type RunningServer } from '../../server/src/index.ts';
import type { StripeDouble } from '../../supabase/tests/support/stripe-double/index.ts';
import { preparedImage } from './prepared-database.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The whole app as `npm start` runs it (the real supabase/ project with its seed, the built
 * web app) on a free port (or `port`), with a fresh in-memory database and `env` settings.
 */
export async function startAppServer(opts: { port?: number; env?: Record<string, string>; project?: string } = {}): Promise<RunningServer> {
  // E2E_WEB_DIST lets parallel work test its own build without overwriting web/dist.
  const web = process.env.E2E_WEB_DIST ?? `${ROOT}web/dist`;
  if (!existsSync(`${web}/index.html`)) throw new Error(`e2e: ${web} is missing; run \`npm run build -w web\` first`);
  // No database port: each test file's server would race for 54322, and no test uses it here.
  const config = loadConfig({ project: opts.project ?? `${ROOT}supabase`, web, db: 'memory', port: String(opts.port ?? 0), dbPort: 'off', logLevel: 'warn' }, opts.env ?? {});
  // The project's own database, built once for every file (decision 0360); a copied project
  // (payments) keeps building its own, since its seed is recorded under another path.
  if (!opts.project && config.dbTarget.kind === 'memory') config.dbTarget = { ...config.dbTarget, image: await preparedImage(config, ROOT) };
  return startServer(config);
}

/** A port free right now, for a server that must know its own origin before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export type PaymentsAppServer = { server: RunningServer; stripe: StripeDouble; close(): Promise<void> };

/**
 * The whole app taking payments through the Stripe double (supabase/tests/support): the
 * project's functions get the double's key, webhook secret and address in their .env, as an
 * operator's .env gives them Stripe's, and the double posts its webhooks to the app.
 */
export async function startPaymentsAppServer(): Promise<PaymentsAppServer> {
  // Imported here: the other test files, which start the app without payments, skip the SDK.
  const { projectWithEnv } = await import('../../supabase/tests/support/payments.ts');
  const { startStripeDouble } = await import('../../supabase/tests/support/stripe-double/index.ts');
  const stripe = await startStripeDouble();
  // Stripe sends the buyer back to SITE_URL's order page: this server's own origin.
  const port = await freePort();
  const project = projectWithEnv({
    STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url, SITE_URL: `http://127.0.0.1:${port}`,
  });
  const server = await startAppServer({ project: project.dir, port });
  stripe.setWebhookEndpoint(`${server.url}/functions/v1/stripe-webhook`);
  return {
    server,
    stripe,
    async close() {
      await stripe.close();
      await server.close();
      project.remove();
    },
  };
}
