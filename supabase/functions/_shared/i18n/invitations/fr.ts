import type { InvitationMessages } from './messages.ts';

export const fr: InvitationMessages = {
  event: {
    subject: (who, t) => `${who} vous invite à ${t}`,
    body: (who, t) => `${who} vous invite à ${t}. Ouvrez l’invitation pour dire si vous venez : un clic, sans mot de passe.`,
  },
  group: {
    subject: (who, g) => `${who} vous invite à rejoindre ${g}`,
    body: (who, g) => `${who} vous invite à rejoindre ${g} sur Gather. Ouvrez l’invitation pour rejoindre le groupe en un clic, sans attendre de validation.`,
  },
  action: 'Ouvrir l’invitation',
  footer: (who, email) => `Vous recevez cet e-mail parce que ${who} a invité ${email} sur Gather. Ce n’est pas pour vous ? Ignorez-le : rien ne se passe si vous ne répondez pas.`,
};
