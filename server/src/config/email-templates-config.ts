import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as z from 'zod';

/** GoTrue's auth emails, by their `[auth.email.template.<type>]` names. */
export const AUTH_MESSAGE_TYPES = ['invite', 'confirmation', 'recovery', 'magic_link', 'email_change', 'reauthentication'] as const;
/** GoTrue's security notices, `[auth.email.notification.<type>]` (decision 0238). */
export const NOTIFICATION_TYPES = ['password_changed', 'email_changed', 'phone_changed', 'identity_linked', 'identity_unlinked', 'mfa_factor_enrolled', 'mfa_factor_unenrolled'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** Every template by GoTrue's name: the six messages and `<notice>_notification`. */
export const AUTH_TEMPLATE_TYPES = [...AUTH_MESSAGE_TYPES, ...NOTIFICATION_TYPES.map((t) => `${t}_notification` as const)] as const;
export type AuthTemplateType = (typeof AUTH_TEMPLATE_TYPES)[number];

/** Where a template is configured, for messages at start. */
export function templateSection(type: AuthTemplateType): string {
  return type.endsWith('_notification') ? `[auth.email.notification.${type.replace(/_notification$/, '')}]` : `[auth.email.template.${type}]`;
}

const template = z.object({ enabled: z.boolean().optional(), subject: z.string().optional(), contentPath: z.string().optional(), content: z.string().optional() });

/** `[auth.email.template.<type>]` and `[auth.email.notification.<type>]`, as the Supabase CLI reads them (decisions 0206, 0238). */
export const emailTemplateConfigFields = {
  emailTemplates: z.partialRecord(z.enum(AUTH_TEMPLATE_TYPES), template),
};

export const EMAIL_TEMPLATE_DEFAULTS = { emailTemplates: {} };

type Table = Record<string, unknown>;

function table(t: unknown): Table {
  return t && typeof t === 'object' && !Array.isArray(t) ? (t as Table) : {};
}

export function emailTemplateTomlSettings(email: Table, pick: (t: Table, key: string) => unknown): Record<string, unknown> {
  const templates: Record<string, Record<string, unknown>> = {};
  for (const type of AUTH_MESSAGE_TYPES) {
    const t = table(table(email.template)[type]);
    const entry = { subject: pick(t, 'subject'), contentPath: pick(t, 'content_path') };
    if (entry.subject !== undefined || entry.contentPath !== undefined) templates[type] = entry;
  }
  for (const type of NOTIFICATION_TYPES) {
    const t = table(table(email.notification)[type]);
    const entry = { enabled: pick(t, 'enabled'), subject: pick(t, 'subject'), contentPath: pick(t, 'content_path') };
    if (Object.values(entry).some((v) => v !== undefined)) templates[`${type}_notification`] = entry;
  }
  return Object.keys(templates).length ? { emailTemplates: templates } : {};
}

/**
 * Reads each template's content file. As with the Supabase CLI, `content_path` is relative to the
 * folder that holds the project folder ("./supabase/templates/invite.html"); a path that only
 * exists relative to the project folder itself is accepted too. A missing file stops start-up.
 */
export function readEmailTemplateFiles<T extends { contentPath?: string; content?: string }>(
  templates: Partial<Record<AuthTemplateType, T>>,
  projectDir: string,
): Partial<Record<AuthTemplateType, T>> {
  const out: Partial<Record<AuthTemplateType, T>> = {};
  for (const [type, t] of Object.entries(templates) as [AuthTemplateType, T][]) {
    if (!t.contentPath) {
      out[type] = t;
      continue;
    }
    const candidates = [resolve(dirname(projectDir), t.contentPath), resolve(projectDir, t.contentPath)];
    const file = candidates.find((f) => existsSync(f));
    if (!file) throw new Error(`${templateSection(type)} content_path: no file at ${candidates[0]}`);
    out[type] = { ...t, content: readFileSync(file, 'utf8') };
  }
  return out;
}
