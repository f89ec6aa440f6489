// Gather's own emails and calendar files in the recipient's language (decision 0205): the
// member's profiles.locale for emails; the `lang` parameter, then Accept-Language, for the
// calendar file a browser downloads. Pure, like the templates that use it.
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import type { MailMessages } from './messages.ts';
import { ptBR } from './pt-BR.ts';

export type { ChangedWhat, GroupRole, MailMessages } from './messages.ts';

export const MAIL_LOCALES = ['en', 'fr', 'de', 'es', 'pt-BR'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

const MESSAGES: Record<MailLocale, MailMessages> = { en, fr, de, es, 'pt-BR': ptBR };

/** The tag Intl formats dates with, per language (English keeps the 24-hour British form). */
const INTL: Record<MailLocale, string> = { en: 'en-GB', fr: 'fr-FR', de: 'de-DE', es: 'es-ES', 'pt-BR': 'pt-BR' };

/** The language Gather speaks closest to a BCP 47 tag ("de-AT" → de, "pt" → pt-BR), if any. */
export function matchMailLocale(tag: string | null | undefined): MailLocale | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase();
  const exact = MAIL_LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split(/[-_]/)[0];
  return MAIL_LOCALES.find((l) => l.toLowerCase().split('-')[0] === language);
}

/** The first of an Accept-Language header's languages (by q) that Gather speaks. */
export function fromAcceptLanguage(header: string | null | undefined): MailLocale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((x) => x.tag && x.tag !== '*' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const match = matchMailLocale(tag);
    if (match) return match;
  }
  return undefined;
}

/** The first of `candidates` Gather speaks, else English. */
export function mailLocale(...candidates: (string | null | undefined)[]): MailLocale {
  for (const c of candidates) {
    const match = matchMailLocale(c);
    if (match) return match;
  }
  return 'en';
}

export function mailMessages(locale: MailLocale): MailMessages {
  return MESSAGES[locale];
}

export function intlTag(locale: MailLocale): string {
  return INTL[locale];
}
