import { renderTemplate } from './go-template.ts';
import type { AuthTemplate } from './mail-settings.ts';
import type { OutgoingMail } from './outbox.ts';

/** The messages Supabase Auth sends, under GoTrue's template names. */
export type AuthMailKind = 'confirmation' | 'invite' | 'magic_link' | 'recovery' | 'email_change' | 'reauthentication';

export interface AuthMailData {
  to: string;
  /** The one-time code shown in the message (the same secret the link carries, hashed). */
  token: string;
  /** The `/auth/v1/verify?...` link; absent for reauthentication, which is code-only. */
  confirmationUrl?: string;
  siteUrl: string;
  /** Email change: the address being confirmed and the one it replaces. */
  email?: string;
  newEmail?: string;
  /** The hashed token the link carries, where GoTrue's templates build their own links. */
  tokenHash?: string;
  redirectTo?: string;
  /** The user's metadata, `{{ .Data }}` in a template (its `locale` picks the language). */
  data?: Record<string, unknown> | null;
}

interface Template {
  subject: string;
  intro: (d: AuthMailData) => string;
  action?: string;
  outro: string;
}

// Plain words, one action each, the code as a fallback for people who copy it instead.
const TEMPLATES: Record<AuthMailKind, Template> = {
  confirmation: {
    subject: 'Confirm your email',
    intro: () => 'Thanks for signing up. Confirm your email address to finish creating your account.',
    action: 'Confirm your email',
    outro: "If you didn't sign up, you can ignore this message.",
  },
  invite: {
    subject: "You've been invited",
    intro: (d) => `You've been invited to create an account on ${hostOf(d.siteUrl)}.`,
    action: 'Accept the invitation',
    outro: "If you weren't expecting this invitation, you can ignore this message.",
  },
  magic_link: {
    subject: 'Your sign-in link',
    intro: () => 'Use this link to sign in. It works once.',
    action: 'Sign in',
    outro: "If you didn't ask to sign in, you can ignore this message.",
  },
  recovery: {
    subject: 'Reset your password',
    intro: () => 'Someone asked to reset the password for this account. Use this link to choose a new one.',
    action: 'Reset your password',
    outro: "If you didn't ask for this, you can ignore this message; your password stays the same.",
  },
  email_change: {
    subject: 'Confirm your new email',
    intro: (d) => `Confirm the change of your account's email from ${d.email} to ${d.newEmail}.`,
    action: 'Confirm the change',
    outro: "If you didn't ask for this change, don't follow the link and change your password.",
  },
  reauthentication: {
    subject: 'Confirm it is you',
    intro: () => 'Enter this code to confirm it is you.',
    outro: "If you didn't ask for this code, change your password.",
  },
};

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The plain-text twin of a template's HTML: its words, links written out, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const words = label.replace(/<[^>]+>/g, '').trim();
      return words && words !== href ? `${words}: ${href}` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))
    .replace(/&(amp|lt|gt|quot|nbsp);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' })[e]!)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim() + '\n';
}

/** What a template can read, under GoTrue's names. */
function templateData(kind: AuthMailKind, d: AuthMailData): Record<string, unknown> {
  return {
    // GoTrue names the address each of an email change's two messages goes to.
    ...(kind === 'email_change' ? { SendingTo: d.to } : {}),
    ConfirmationURL: d.confirmationUrl ?? '',
    Token: d.token,
    TokenHash: d.tokenHash ?? '',
    SiteURL: d.siteUrl,
    RedirectTo: d.redirectTo ?? '',
    Email: d.email ?? d.to,
    NewEmail: d.newEmail ?? '',
    Data: d.data ?? {},
  };
}

/**
 * One auth message. With `[auth.email.template.<type>]` configured, its subject and HTML content
 * (Go template syntax, e.g. one branch per `.Data.locale`) replace the built-in words; a text twin
 * is made from the HTML. Otherwise the built-in English text and its HTML twin.
 */
export function renderAuthMail(kind: AuthMailKind, d: AuthMailData, template?: AuthTemplate): OutgoingMail {
  const builtIn = renderBuiltIn(kind, d);
  if (!template) return builtIn;
  const data = templateData(kind, d);
  const subject = template.subject ? renderTemplate(template.subject, data).replace(/[\r\n]+/g, ' ').trim() : builtIn.subject;
  if (!template.content) return { ...builtIn, subject };
  const html = renderTemplate(template.content, data, 'html');
  return { kind, to: d.to, subject, text: htmlToText(html), html };
}

/** Renders one auth message as plain text and a minimal HTML twin with the same words. */
function renderBuiltIn(kind: AuthMailKind, d: AuthMailData): OutgoingMail {
  const t = TEMPLATES[kind];
  const intro = t.intro(d);
  const text = [
    intro,
    '',
    ...(t.action && d.confirmationUrl ? [`${t.action}: ${d.confirmationUrl}`, ''] : []),
    `${t.action ? 'Or enter this code' : 'Code'}: ${d.token}`,
    '',
    t.outro,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(intro)}</p>`,
    t.action && d.confirmationUrl ? `<p><a href="${escapeHtml(d.confirmationUrl)}">${escapeHtml(t.action)}</a></p>` : '',
    `<p>${t.action ? 'Or enter this code' : 'Code'}: <strong>${escapeHtml(d.token)}</strong></p>`,
    `<p style="color:#666">${escapeHtml(t.outro)}</p>`,
    '</body></html>',
  ].join('');
  return { kind, to: d.to, subject: t.subject, text, html };
}
