import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';

const OAUTH_PROVIDERS = [
  'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma', 'fly', 'github', 'gitlab', 'google',
  'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'workos', 'twitch',
  'twitter',
];

/** GET /settings, /health and /.well-known/jwks.json: no authentication, as in GoTrue. */
export function metaRoutes(app: FastifyInstance, a: AuthContext, version: string): void {
  app.get('/settings', async () => {
    const external: Record<string, boolean> = { anonymous_users: a.settings.enableAnonymous };
    for (const p of OAUTH_PROVIDERS) external[p] = false;
    Object.assign(external, { email: true, phone: false, zoom: false });
    return {
      external,
      disable_signup: !a.settings.enableSignup,
      mailer_autoconfirm: a.settings.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    };
  });

  app.get('/health', async () => ({
    version,
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  }));

  // Only an HS256 secret signs tokens here, and symmetric keys are never published.
  app.get('/.well-known/jwks.json', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return { keys: [] };
  });
}
