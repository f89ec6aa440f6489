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

/** Renders one auth message as plain text and a minimal HTML twin with the same words. */
export function renderAuthMail(kind: AuthMailKind, d: AuthMailData): OutgoingMail {
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
