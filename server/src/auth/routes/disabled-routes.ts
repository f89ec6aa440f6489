import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { notFound } from '../errors.ts';

const ALL = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Answers every method on `paths` (and below them) with `err`, as GoTrue's feature gates do. */
function gate(app: FastifyInstance, paths: string[], code: string, message: string): void {
  for (const path of paths) {
    for (const url of [path, `${path}/*`]) {
      app.route({ method: [...ALL], url, handler: async () => { throw notFound(code, message); } });
    }
  }
}

/**
 * What Gather's auth does not provide answers exactly as GoTrue does with the feature turned
 * off, so a client sees "SAML 2.0 is disabled" and friends rather than an unknown route.
 */
export function disabledRoutes(app: FastifyInstance, _a: AuthContext): void {
  gate(app, ['/sso'], 'saml_provider_disabled', 'SAML 2.0 is disabled');
  gate(app, ['/oauth', '/user/oauth/grants'], 'feature_disabled', 'OAuth server is disabled');
  app.get('/.well-known/oauth-authorization-server', async () => {
    throw notFound('feature_disabled', 'OAuth server is disabled');
  });
  gate(app, ['/scim/v2'], 'feature_disabled', 'SCIM server is disabled');
}

/** The same for admin routes: registered where the admin check runs first, as in GoTrue. */
export function disabledAdminRoutes(app: FastifyInstance, a: AuthContext): void {
  gate(app, ['/admin/sso/providers'], 'saml_provider_disabled', 'SAML 2.0 is disabled');
  // With [auth.oauth_server] enabled the client registry answers (decision 0156).
  if (!a.settings.oauthServerEnabled) gate(app, ['/admin/oauth/clients'], 'feature_disabled', 'OAuth server is disabled');
  gate(app, ['/admin/custom-providers'], 'feature_disabled', 'Custom OAuth providers are disabled');
}
