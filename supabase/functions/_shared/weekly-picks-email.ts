// The weekly email of picks (decision 0380) and the unsubscribe page, in the member's language.
// Pure: the functions send-weekly-picks and weekly-picks-unsubscribe call it.
import { formatWhen } from './email-templates.ts';
import { mailLocale, type MailLocale } from './i18n/index.ts';

export interface Pick {
  id: string;
  slug: string;
  title: string;
  starts_at: string;
  reason: string;
  /** The event's zone (decision 0406); picks queued before it was there are said in UTC. */
  timezone?: string | null;
}

interface Words {
  subject: (n: number) => string;
  hello: (name: string) => string;
  intro: string;
  why: string;
  footer: string;
  unsubscribe: string;
  doneTitle: string;
  done: string;
  invalidTitle: string;
  invalid: string;
  settings: string;
}

const WORDS: Record<MailLocale, Words> = {
  en: {
    subject: (n) => (n === 1 ? 'An event picked for you this week' : `${n} events picked for you this week`),
    hello: (name) => `Hi ${name},`, intro: 'Here is what we picked for you this week:', why: 'Why:',
    footer: 'You get this email because you turned on weekly picks in Gather.', unsubscribe: 'Unsubscribe in one click:',
    doneTitle: 'You are unsubscribed', done: 'You will no longer get the weekly email of picks. You can turn it back on in your notification settings.',
    invalidTitle: 'This link is not valid', invalid: 'We could not find this unsubscribe link. Turn the weekly email off in your notification settings.',
    settings: 'Notification settings',
  },
  fr: {
    subject: (n) => (n === 1 ? 'Un événement choisi pour vous cette semaine' : `${n} événements choisis pour vous cette semaine`),
    hello: (name) => `Bonjour ${name},`, intro: 'Voici ce que nous avons choisi pour vous cette semaine :', why: 'Pourquoi :',
    footer: 'Vous recevez cet e-mail parce que vous avez activé la sélection de la semaine sur Gather.', unsubscribe: 'Se désabonner en un clic :',
    doneTitle: 'Vous êtes désabonné·e', done: 'Vous ne recevrez plus la sélection de la semaine par e-mail. Vous pouvez la réactiver dans vos paramètres de notification.',
    invalidTitle: 'Ce lien n’est pas valide', invalid: 'Ce lien de désabonnement est introuvable. Désactivez l’e-mail hebdomadaire dans vos paramètres de notification.',
    settings: 'Paramètres de notification',
  },
  es: {
    subject: (n) => (n === 1 ? 'Un evento elegido para ti esta semana' : `${n} eventos elegidos para ti esta semana`),
    hello: (name) => `Hola, ${name}:`, intro: 'Esto es lo que elegimos para ti esta semana:', why: 'Por qué:',
    footer: 'Recibes este correo porque activaste la selección semanal en Gather.', unsubscribe: 'Darte de baja con un clic:',
    doneTitle: 'Te has dado de baja', done: 'Ya no recibirás el correo semanal con la selección. Puedes volver a activarlo en tus ajustes de notificaciones.',
    invalidTitle: 'Este enlace no es válido', invalid: 'No encontramos este enlace para darte de baja. Desactiva el correo semanal en tus ajustes de notificaciones.',
    settings: 'Ajustes de notificaciones',
  },
  de: {
    subject: (n) => (n === 1 ? 'Eine Veranstaltung, diese Woche für dich ausgewählt' : `${n} Veranstaltungen, diese Woche für dich ausgewählt`),
    hello: (name) => `Hallo ${name},`, intro: 'Das haben wir diese Woche für dich ausgewählt:', why: 'Warum:',
    footer: 'Du bekommst diese E-Mail, weil du die Wochenauswahl in Gather eingeschaltet hast.', unsubscribe: 'Mit einem Klick abbestellen:',
    doneTitle: 'Du hast abbestellt', done: 'Du bekommst die wöchentliche Auswahl nicht mehr per E-Mail. In deinen Benachrichtigungseinstellungen kannst du sie wieder einschalten.',
    invalidTitle: 'Dieser Link ist ungültig', invalid: 'Wir haben diesen Abmeldelink nicht gefunden. Schalte die wöchentliche E-Mail in deinen Benachrichtigungseinstellungen aus.',
    settings: 'Benachrichtigungseinstellungen',
  },
  'pt-BR': {
    subject: (n) => (n === 1 ? 'Um evento escolhido para você esta semana' : `${n} eventos escolhidos para você esta semana`),
    hello: (name) => `Olá, ${name},`, intro: 'Veja o que escolhemos para você esta semana:', why: 'Por quê:',
    footer: 'Você recebe este e-mail porque ativou a seleção semanal no Gather.', unsubscribe: 'Cancelar a inscrição com um clique:',
    doneTitle: 'Inscrição cancelada', done: 'Você não vai mais receber o e-mail semanal com a seleção. Dá para reativá-lo nas configurações de notificação.',
    invalidTitle: 'Este link não é válido', invalid: 'Não encontramos este link de cancelamento. Desative o e-mail semanal nas configurações de notificação.',
    settings: 'Configurações de notificação',
  },
};

/** The email: subject and plain text (the mailer makes the HTML), each pick with its date, reason and link. */
export function weeklyPicksEmail(input: { locale: string | null; displayName: string; picks: Pick[]; siteUrl: string; unsubscribeUrl: string }) {
  const locale = mailLocale(input.locale);
  const w = WORDS[locale];
  // The app's one rule for event times (decision 0327): the venue's clock with its UTC offset.
  const items = input.picks.map((p) =>
    [`• ${p.title}`, `  ${formatWhen(p.starts_at, p.timezone || 'UTC', locale)}`, `  ${w.why} ${p.reason}`,
      `  ${input.siteUrl}/events/${encodeURIComponent(p.slug)}`].join('\n'));
  const text = [w.hello(input.displayName), '', w.intro, '', items.join('\n\n'), '', '—', w.footer, `${w.unsubscribe} ${input.unsubscribeUrl}`].join('\n');
  return { subject: w.subject(input.picks.length), text, locale };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The small page the unsubscribe link answers with. */
export function unsubscribePage(locale: string | null, ok: boolean, siteUrl: string): string {
  const l = mailLocale(locale);
  const w = WORDS[l];
  const [title, body] = ok ? [w.doneTitle, w.done] : [w.invalidTitle, w.invalid];
  return `<!doctype html><html lang="${l}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escape(title)} · Gather</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5">` +
    `<main><h1>${escape(title)}</h1><p>${escape(body)}</p><p><a href="${escape(siteUrl)}/settings">${escape(w.settings)}</a></p></main></body></html>`;
}
