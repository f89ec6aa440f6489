import type { InvitationMessages } from './messages.ts';

export const es: InvitationMessages = {
  event: {
    subject: (who, t) => `${who} te ha invitado a ${t}`,
    body: (who, t) => `${who} te ha invitado a ${t}. Abre la invitación para decir si vas: un clic, sin contraseña.`,
  },
  group: {
    subject: (who, g) => `${who} te ha invitado a unirte a ${g}`,
    body: (who, g) => `${who} te ha invitado a unirte a ${g} en Gather. Abre la invitación para unirte con un clic, sin esperar aprobación.`,
  },
  action: 'Abrir la invitación',
  footer: (who, email) => `Recibes este correo porque ${who} invitó a ${email} en Gather. ¿No es para ti? Ignóralo: no pasa nada si no respondes.`,
};
