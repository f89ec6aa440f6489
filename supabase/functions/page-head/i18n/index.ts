// The page heads' own words in the language a page is asked for (decision 0208): `?lang=`, then
// the request's Accept-Language, then English — the languages and matching of the emails and
// calendar files (decision 0205).
import { fromAcceptLanguage, intlTag, MAIL_LOCALES, mailLocale, type MailLocale } from '../../_shared/i18n/index.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import type { HeadMessages } from './messages.ts';
import { ptBR } from './pt-BR.ts';

export type { DiscoverFilters, HeadMessages } from './messages.ts';
export { isEventCategory } from './categories.ts';
export type HeadLocale = MailLocale;

const MESSAGES: Record<HeadLocale, HeadMessages> = { en, fr, de, es, 'pt-BR': ptBR };

export function headLocale(lang: string | null, acceptLanguage: string | null): HeadLocale {
  return mailLocale(lang, fromAcceptLanguage(acceptLanguage));
}

export function headMessages(locale: HeadLocale): HeadMessages {
  return MESSAGES[locale];
}

/** og:locale:alternate: every other language the page can be had in. */
export function alternateOgLocales(locale: HeadLocale): string[] {
  return MAIL_LOCALES.filter((l) => l !== locale).map((l) => MESSAGES[l].ogLocale);
}

/** A calendar day ("2026-12-05") written in the language, as a date with no zone. */
export function formatDay(day: string, locale: HeadLocale): string {
  return new Intl.DateTimeFormat(intlTag(locale), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

export function formatCount(n: number, locale: HeadLocale): string {
  return new Intl.NumberFormat(intlTag(locale)).format(n);
}

export function formatKm(km: number, locale: HeadLocale): string {
  return new Intl.NumberFormat(intlTag(locale), { style: 'unit', unit: 'kilometer' }).format(km);
}
