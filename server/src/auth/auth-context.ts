import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../http/server-context.ts';
import type { MailSettings, SmsGateway } from '../mail/index.ts';
import type { AuthSettings } from './auth-settings.ts';
import type { AuthRateLimits } from './rate-limits.ts';
import type { ClientInfo } from './session-store.ts';

/** What every auth route works with: the server's context, the auth settings, limits and mail. */
export interface AuthContext {
  server: ServerContext;
  settings: AuthSettings;
  limits: AuthRateLimits;
  mail: MailSettings;
  /** Where text messages go beyond the outbox; none: they stay in the local outbox. */
  sms: SmsGateway | undefined;
  /** `<external url>/auth/v1`: the base of links in emails and the `iss` of tokens. */
  authUrl(): string;
}

export function clientInfo(req: FastifyRequest): ClientInfo {
  const ua = req.headers['user-agent'];
  return { userAgent: typeof ua === 'string' ? ua.slice(0, 1000) : null, ip: req.ip || null };
}
