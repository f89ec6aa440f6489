import type { Config } from '../config/config-schema.ts';
import { templateSection, type AuthTemplateType } from '../config/email-templates-config.ts';
import { parseTemplate } from './go-template.ts';

/** A configured auth email: its subject and HTML body, parsed (either may be absent). */
export interface AuthTemplate {
  /** Security notices only: whether GoTrue sends it at all (`enabled`, off by default). */
  enabled?: boolean;
  subject?: ReturnType<typeof parseTemplate>;
  content?: ReturnType<typeof parseTemplate>;
}

/** What the mail module needs from the server configuration. */
export interface MailSettings {
  /** `"Sender Name" <admin@email.com>`. */
  from: string;
  smtp?: { host: string; port: number; user?: string; pass?: string };
  /** The HTML inbox and its JSON list: development only, they show everyone's mail. */
  inboxEnabled: boolean;
  /** `[auth.email.template.<type>]`: used instead of the built-in words where given. */
  templates: Partial<Record<AuthTemplateType, AuthTemplate>>;
}

const parsed = new WeakMap<Config['emailTemplates'], MailSettings['templates']>();

/** Each configured template parsed once; a template using what we cannot run fails here, at start. */
function authTemplates(config: Config): MailSettings['templates'] {
  let out = parsed.get(config.emailTemplates);
  if (out) return out;
  out = {};
  for (const [type, t] of Object.entries(config.emailTemplates) as [AuthTemplateType, { enabled?: boolean; subject?: string; content?: string }][]) {
    out[type] = {
      enabled: t.enabled,
      subject: t.subject === undefined ? undefined : parseTemplate(t.subject, `${templateSection(type)} subject`),
      content: t.content === undefined ? undefined : parseTemplate(t.content, `${templateSection(type)} content`),
    };
  }
  parsed.set(config.emailTemplates, out);
  return out;
}

export function mailSettings(config: Config): MailSettings {
  const name = config.smtpSenderName.replaceAll('"', "'");
  return {
    from: name ? `"${name}" <${config.smtpAdminEmail}>` : config.smtpAdminEmail,
    smtp: config.smtpHost
      ? { host: config.smtpHost, port: config.smtpPort, user: config.smtpUser || undefined, pass: config.smtpPass || undefined }
      : undefined,
    inboxEnabled: !config.production,
    templates: authTemplates(config),
  };
}
