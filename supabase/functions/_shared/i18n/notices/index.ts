// The notices' words per language (see messages.ts), chosen as the other emails' are.
import type { MailLocale } from '../index.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import type { NoticeMessages } from './messages.ts';
import { ptBR } from './pt-BR.ts';

export { HOST_NEWS_KINDS, type HostNewsKind, type ItemType, type NoticeMessages, type SingleNewsKind } from './messages.ts';

const MESSAGES: Record<MailLocale, NoticeMessages> = { en, fr, de, es, 'pt-BR': ptBR };

export function noticeMessages(locale: MailLocale): NoticeMessages {
  return MESSAGES[locale];
}
