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
    for (const p of OAUTH_PROVIDERS) external[p] = a.settings.providers.has(p);
    Object.assign(external, { email: a.settings.emailEnabled, phone: a.settings.phone.enabled, zoom: false });
    // OpenID issuers configured under other names, so an app can offer them too.
    for (const name of a.settings.providers.keys()) if (name.startsWith('custom:')) external[name] = true;
    const { mfa } = a.settings;
    return {
      external,
      disable_signup: !a.settings.enableSignup,
      mailer_autoconfirm: a.settings.autoconfirm,
      phone_autoconfirm: a.settings.phone.autoconfirm,
      sms_provider: a.settings.phone.provider,
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: a.settings.passkeyEnabled,
      // Not in GoTrue's answer (decision 0152): which second factors may be added and asked for,
      // named as config.toml's [auth.mfa.*] keys, so an app offers only what the server takes.
      mfa: {
        totp: { enroll_enabled: mfa.totp.enroll, verify_enabled: mfa.totp.verify },
        phone: { enroll_enabled: mfa.phone.enroll, verify_enabled: mfa.phone.verify },
        web_authn: { enroll_enabled: mfa.webAuthn.enroll, verify_enabled: mfa.webAuthn.verify },
      },
    };
  });

  app.get('/health', async () => ({
    version,
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  }));

  // The public half of every signing key; the HS256 secret is never published (so with no
  // signing keys the list is empty, as GoTrue's).
  app.get('/.well-known/jwks.json', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return { keys: a.settings.jwt.jwks };
  });
}
