import type { NotificationType } from '../config/email-templates-config.ts';
import { htmlToText } from './auth-templates.ts';
import { renderTemplate } from './go-template.ts';
import { escapeHtmlGo } from './html-context.ts';
import type { AuthTemplate } from './mail-settings.ts';
import type { OutgoingMail } from './outbox.ts';

/** What a security notice's template can read, under GoTrue's names (decision 0238). */
export interface NotificationData {
  to: string;
  siteUrl: string;
  /** `{{ .Email }}`: the account's address (for email_changed the new one, for identity_unlinked the recipient). */
  email: string;
  data?: Record<string, unknown> | null;
  oldEmail?: string;
  phone?: string;
  oldPhone?: string;
  provider?: string;
  factorType?: string;
}

// Our own words; a project's [auth.email.notification.<type>] subject and content replace them.
const BUILT_IN: Record<NotificationType, { subject: string; body: (d: NotificationData) => string }> = {
  password_changed: { subject: 'Your password was changed', body: () => 'The password of your account was just changed.' },
  email_changed: { subject: 'Your email address was changed', body: (d) => `Your account's email address was changed from ${d.oldEmail} to ${d.email}.` },
  phone_changed: { subject: 'Your phone number was changed', body: (d) => `Your account's phone number was changed from ${d.oldPhone || 'none'} to ${d.phone}.` },
  identity_linked: { subject: 'A sign-in method was added to your account', body: (d) => `${d.provider} can now be used to sign in to ${d.email}.` },
  identity_unlinked: { subject: 'A sign-in method was removed from your account', body: (d) => `${d.provider} can no longer be used to sign in to ${d.email}.` },
  mfa_factor_enrolled: { subject: 'A second factor was added to your account', body: (d) => `A ${d.factorType} second factor was added to your account.` },
  mfa_factor_unenrolled: { subject: 'A second factor was removed from your account', body: (d) => `A ${d.factorType} second factor was removed from your account.` },
};
const OUTRO = "If this wasn't you, reset your password and contact the site's support right away.";

/** One security notice: the project's template where given, else the built-in words. */
export function renderNotificationMail(type: NotificationType, d: NotificationData, template?: AuthTemplate): OutgoingMail {
  const kind = `${type}_notification`;
  const values = {
    SiteURL: d.siteUrl, Email: d.email, Data: d.data ?? {}, OldEmail: d.oldEmail ?? '', Phone: d.phone ?? '',
    OldPhone: d.oldPhone ?? '', Provider: d.provider ?? '', FactorType: d.factorType ?? '',
  };
  const builtIn = BUILT_IN[type];
  const subject = template?.subject ? renderTemplate(template.subject, values).replace(/[\r\n]+/g, ' ').trim() : builtIn.subject;
  const html = template?.content
    ? renderTemplate(template.content, values, 'html')
    : `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5"><p>${escapeHtmlGo(builtIn.body(d))}</p><p style="color:#666">${escapeHtmlGo(OUTRO)}</p></body></html>`;
  return { kind, to: d.to, subject, text: htmlToText(html), html };
}
