import type { OutgoingMail } from '../mail/index.ts';
import type { CodeTarget } from './code-attempts.ts';

/** The kind of the message, and the send_email hook's `email_action_type` for it. */
export const LOCK_NOTICE_KIND = 'code_attempts_locked_notification';

interface Words {
  subject: string;
  what: Record<CodeTarget, string>;
  /** After a second-factor lock the password is known to someone: say so. */
  mfaAdvice: string;
  advice: string;
}

// No GoTrue notice says this, so no project template does: the words are ours, in the
// languages Gather's member-facing mail speaks, chosen by the user's metadata `locale` as the
// project's own templates choose theirs (decision 0258).
const WORDS: Record<string, Words> = {
  en: {
    subject: 'Too many wrong codes for your account',
    what: {
      email: "Someone entered too many wrong codes sent to your email address, so we've paused signing in with those codes for a while.",
      phone: "Someone entered too many wrong codes sent to your phone by text message, so we've paused signing in with those codes for a while.",
      reauthentication: "Someone entered too many wrong confirmation codes for changes to your account, so we've paused them for a while.",
      mfa: "Someone entered too many wrong two-factor codes for your account, so we've paused two-factor sign-in for a while.",
    },
    mfaAdvice: "That step comes after your password: if this wasn't you, someone may know your password. Change it now.",
    advice: "If this was you, wait a few minutes and ask for a new code. If it wasn't, someone may be trying to get into your account: never share your codes with anyone.",
  },
  fr: {
    subject: 'Trop de codes erronés pour votre compte',
    what: {
      email: 'Quelqu’un a saisi trop de codes erronés envoyés à votre adresse e-mail : la connexion avec ces codes est suspendue pour un moment.',
      phone: 'Quelqu’un a saisi trop de codes erronés envoyés par SMS à votre téléphone : la connexion avec ces codes est suspendue pour un moment.',
      reauthentication: 'Quelqu’un a saisi trop de codes de confirmation erronés pour modifier votre compte : ces codes sont suspendus pour un moment.',
      mfa: 'Quelqu’un a saisi trop de codes de double authentification erronés pour votre compte : cette étape est suspendue pour un moment.',
    },
    mfaAdvice: 'Cette étape vient après votre mot de passe : si ce n’était pas vous, quelqu’un connaît peut-être votre mot de passe. Changez-le maintenant.',
    advice: 'Si c’était vous, patientez quelques minutes puis demandez un nouveau code. Sinon, quelqu’un essaie peut-être d’accéder à votre compte : ne communiquez jamais vos codes.',
  },
  de: {
    subject: 'Zu viele falsche Codes für dein Konto',
    what: {
      email: 'Jemand hat zu viele falsche Codes eingegeben, die an deine E-Mail-Adresse geschickt wurden. Die Anmeldung mit diesen Codes ist deshalb eine Zeit lang gesperrt.',
      phone: 'Jemand hat zu viele falsche Codes eingegeben, die per SMS an dein Telefon geschickt wurden. Die Anmeldung mit diesen Codes ist deshalb eine Zeit lang gesperrt.',
      reauthentication: 'Jemand hat zu viele falsche Bestätigungscodes für Änderungen an deinem Konto eingegeben. Diese Codes sind deshalb eine Zeit lang gesperrt.',
      mfa: 'Jemand hat zu viele falsche Codes für die Zwei-Faktor-Anmeldung deines Kontos eingegeben. Dieser Schritt ist deshalb eine Zeit lang gesperrt.',
    },
    mfaAdvice: 'Dieser Schritt kommt nach deinem Passwort: Wenn du das nicht warst, kennt womöglich jemand dein Passwort. Ändere es jetzt.',
    advice: 'Wenn du das warst, warte ein paar Minuten und fordere einen neuen Code an. Wenn nicht, versucht womöglich jemand, in dein Konto zu gelangen: Gib deine Codes niemandem weiter.',
  },
  es: {
    subject: 'Demasiados códigos incorrectos en tu cuenta',
    what: {
      email: 'Alguien escribió demasiados códigos incorrectos enviados a tu correo electrónico, así que hemos pausado el inicio de sesión con esos códigos durante un tiempo.',
      phone: 'Alguien escribió demasiados códigos incorrectos enviados por SMS a tu teléfono, así que hemos pausado el inicio de sesión con esos códigos durante un tiempo.',
      reauthentication: 'Alguien escribió demasiados códigos de confirmación incorrectos para cambiar tu cuenta, así que los hemos pausado durante un tiempo.',
      mfa: 'Alguien escribió demasiados códigos de verificación en dos pasos incorrectos para tu cuenta, así que hemos pausado ese paso durante un tiempo.',
    },
    mfaAdvice: 'Ese paso va después de tu contraseña: si no fuiste tú, puede que alguien la conozca. Cámbiala ahora.',
    advice: 'Si fuiste tú, espera unos minutos y pide un código nuevo. Si no, puede que alguien intente entrar en tu cuenta: no compartas tus códigos con nadie.',
  },
  'pt-BR': {
    subject: 'Códigos errados demais na sua conta',
    what: {
      email: 'Alguém digitou códigos errados demais enviados ao seu e-mail, então pausamos o acesso com esses códigos por um tempo.',
      phone: 'Alguém digitou códigos errados demais enviados por SMS ao seu celular, então pausamos o acesso com esses códigos por um tempo.',
      reauthentication: 'Alguém digitou códigos de confirmação errados demais para alterar sua conta, então pausamos esses códigos por um tempo.',
      mfa: 'Alguém digitou códigos de verificação em duas etapas errados demais na sua conta, então pausamos essa etapa por um tempo.',
    },
    mfaAdvice: 'Essa etapa vem depois da sua senha: se não foi você, alguém pode saber sua senha. Altere-a agora.',
    advice: 'Se foi você, espere alguns minutos e peça um novo código. Se não foi, alguém pode estar tentando entrar na sua conta: não compartilhe seus códigos com ninguém.',
  },
};

/** The user's `locale` if we speak it, else its language (`pt` → `pt-BR`, `fr-CA` → `fr`), else English. */
export function noticeLanguage(locale: unknown): string {
  if (typeof locale !== 'string' || locale === '') return 'en';
  if (WORDS[locale]) return locale;
  const base = locale.split(/[-_]/)[0]!.toLowerCase();
  return Object.keys(WORDS).find((k) => k.split('-')[0] === base) ?? 'en';
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The message telling an account's owner that wrong guesses locked one of its kinds of code. */
export function renderLockNotice(to: string, target: CodeTarget, locale: unknown): OutgoingMail {
  const lang = noticeLanguage(locale);
  const w = WORDS[lang]!;
  const paragraphs = [w.what[target], target === 'mfa' ? w.mfaAdvice : w.advice];
  const html = `<!doctype html><html lang="${escape(lang)}"><body style="font-family:sans-serif;line-height:1.5">${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}</body></html>`;
  return { kind: LOCK_NOTICE_KIND, to, subject: w.subject, text: `${paragraphs.join('\n\n')}\n`, html };
}
