import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { isPgError } from '../db/db-types.ts';
import type { ServerContext } from '../http/server-context.ts';
import { mailSettings, smsGateway } from '../mail/index.ts';
import type { AuthContext } from './auth-context.ts';
import { authSettings } from './auth-settings.ts';
import { requireAdmin } from './authenticate.ts';
import { AuthError, OAuthError, sendAuthError, sendOAuthError, unexpectedFailure } from './errors.ts';
import { createRateLimits } from './rate-limits.ts';
import { requestLimitScope } from './request-limit-scope.ts';
import { BODY_LIMIT, parseBody } from './request-body.ts';
import { adminLinkRoutes } from './routes/admin-link-routes.ts';
import { adminUserRoutes } from './routes/admin-user-routes.ts';
import { oauthClientRoutes } from './oauth-server/client-routes.ts';
import { disabledAdminRoutes, disabledRoutes } from './routes/disabled-routes.ts';
import { externalRoutes } from './routes/external-routes.ts';
import { factorRoutes } from './routes/factor-routes.ts';
import { adminPasskeyRoutes, passkeyRoutes } from './routes/passkey-routes.ts';
import { logoutRoutes } from './routes/logout-routes.ts';
import { metaRoutes } from './routes/meta-routes.ts';
import { otpRoutes } from './routes/otp-routes.ts';
import { recoverRoutes } from './routes/recover-routes.ts';
import { signupRoutes } from './routes/signup-routes.ts';
import { tokenRoutes } from './routes/token-routes.ts';
import { userRoutes } from './routes/user-routes.ts';
import { verifyRoutes } from './routes/verify-routes.ts';
import { withRequestIp } from './hooks/hook-metadata.ts';

const VERSION = 'gather-auth';

/** The server's own base URL when `[api] external_url` is not set: its listening address. */
function listeningUrl(app: FastifyInstance, host: string): string {
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const h = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
}

function toAuthError(err: unknown): AuthError | undefined {
  if (err instanceof AuthError) return err;
  const fe = err as FastifyError;
  if (fe?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AuthError(413, 'request_entity_too_large', 'Request body too large');
  // Two sign-ups of one address racing on PostgreSQL: the loser hits the unique index.
  if (isPgError(err) && err.code === '23505' && /email/.test(err.message)) {
    return new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  if (typeof fe?.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AuthError(fe.statusCode, 'validation_failed', fe.message);
  }
  return undefined;
}

/**
 * `/auth/v1`: a Supabase Auth (GoTrue) compatible API for email-based auth — sign-up, password,
 * magic link and OTP, recovery, PKCE, refresh rotation, user, sign-out, anonymous, admin.
 */
export function authModule(ctx: ServerContext): FastifyPluginAsync {
  return async (app) => {
    const settings = authSettings(ctx.config, ctx.keys.jwt);
    if (ctx.config.siteUrlFollowsServer && !ctx.config.siteUrl) {
      // config.toml's template site_url names this server, started on any free port: the site is
      // where it listens, known once it does (decision 0319).
      app.server.once('listening', () => {
        const own = authSettings({ ...ctx.config, siteUrl: listeningUrl(app, ctx.config.host) }, ctx.keys.jwt);
        settings.siteUrl = own.siteUrl;
        settings.webauthn = own.webauthn;
      });
    }
    if (settings.phone.enabled && !smsGateway(ctx.config)) {
      const where = ctx.config.production ? 'so phone codes cannot be sent' : 'so phone codes stay in the local outbox (/_inbox)';
      ctx.log.warn(`auth: [auth.sms] enable_signup is on without an SMS provider (twilio, vonage, messagebird), ${where}`);
    }
    for (const p of settings.providers.values()) {
      if (p.problem) ctx.log.warn(`auth: [auth.external] ${p.name} is enabled but cannot be used: ${p.problem}`);
    }
    let baseUrl = settings.apiExternalUrl;
    const auth: AuthContext = {
      server: ctx,
      settings,
      limits: createRateLimits(settings, ctx.sharedLimits, requestLimitScope(ctx.config)),
      mail: mailSettings(ctx.config),
      sms: smsGateway(ctx.config),
      authUrl: () => `${(baseUrl ??= listeningUrl(app, ctx.config.host))}/auth/v1`,
    };

    // GoTrue reads JSON whatever the content type (and an empty body as {}), or a form.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (req, body, done) => {
      try {
        done(null, parseBody(req.headers['content-type'], body as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    });

    app.setErrorHandler((err, req, reply) => {
      if (err instanceof OAuthError) return sendOAuthError(reply, err);
      const known = toAuthError(err);
      if (known) return sendAuthError(req, reply, known);
      req.log.error({ err }, 'auth: unexpected failure');
      return sendAuthError(req, reply, unexpectedFailure());
    });
    app.setNotFoundHandler((req, reply) => sendAuthError(req, reply, new AuthError(404, 'not_found', 'Not found')));

    // Hooks name the client's address in their metadata, as GoTrue's do (decision 0235).
    app.addHook('preHandler', (req, _reply, done) => withRequestIp(req.ip, done));

    metaRoutes(app, auth, VERSION);
    signupRoutes(app, auth);
    tokenRoutes(app, auth);
    otpRoutes(app, auth);
    verifyRoutes(app, auth);
    recoverRoutes(app, auth);
    userRoutes(app, auth);
    logoutRoutes(app, auth);
    factorRoutes(app, auth);
    externalRoutes(app, auth);
    passkeyRoutes(app, auth);
    disabledRoutes(app, auth);
    await app.register(async (admin) => {
      admin.addHook('onRequest', async (req) => {
        await requireAdmin(auth, req);
      });
      adminUserRoutes(admin, auth);
      adminLinkRoutes(admin, auth);
      disabledAdminRoutes(admin, auth);
      if (auth.settings.oauthServerEnabled) oauthClientRoutes(admin, auth);
      adminPasskeyRoutes(admin, auth);
    });
  };
}
