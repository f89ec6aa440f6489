import type { MailLocale } from '../index.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import type { InvitationMessages } from './messages.ts';
import { ptBR } from './pt-BR.ts';

export type { InvitationMessages } from './messages.ts';

const MESSAGES: Record<MailLocale, InvitationMessages> = { en, fr, de, es, 'pt-BR': ptBR };

export function invitationMessages(locale: MailLocale): InvitationMessages {
  return MESSAGES[locale];
}
