import type { InvitationMessages } from './messages.ts';

export const de: InvitationMessages = {
  event: {
    subject: (who, t) => `${who} hat dich zu ${t} eingeladen`,
    body: (who, t) => `${who} hat dich zu ${t} eingeladen. Öffne die Einladung und sag, ob du kommst: ein Klick, kein Passwort nötig.`,
  },
  group: {
    subject: (who, g) => `${who} hat dich eingeladen, ${g} beizutreten`,
    body: (who, g) => `${who} hat dich eingeladen, ${g} auf Gather beizutreten. Öffne die Einladung und tritt mit einem Klick bei, ohne auf eine Freigabe zu warten.`,
  },
  action: 'Einladung öffnen',
  footer: (who, email) => `Du bekommst diese E-Mail, weil ${who} ${email} auf Gather eingeladen hat. Nicht für dich? Ignoriere sie einfach: Ohne deine Antwort passiert nichts.`,
};
