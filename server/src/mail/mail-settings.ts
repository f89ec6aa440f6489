import type { Config } from '../config/config-schema.ts';

/** What the mail module needs from the server configuration. */
export interface MailSettings {
  /** `"Sender Name" <admin@email.com>`. */
  from: string;
  smtp?: { host: string; port: number; user?: string; pass?: string };
  /** The HTML inbox and its JSON list: development only, they show everyone's mail. */
  inboxEnabled: boolean;
}

export function mailSettings(config: Config): MailSettings {
  const name = config.smtpSenderName.replaceAll('"', "'");
  return {
    from: name ? `"${name}" <${config.smtpAdminEmail}>` : config.smtpAdminEmail,
    smtp: config.smtpHost
      ? { host: config.smtpHost, port: config.smtpPort, user: config.smtpUser || undefined, pass: config.smtpPass || undefined }
      : undefined,
    inboxEnabled: !config.production,
  };
}
