import type { InvitationMessages } from './messages.ts';

export const ptBR: InvitationMessages = {
  event: {
    subject: (who, t) => `${who} convidou você para ${t}`,
    body: (who, t) => `${who} convidou você para ${t}. Abra o convite para dizer se você vai: um clique, sem senha.`,
  },
  group: {
    subject: (who, g) => `${who} convidou você para participar de ${g}`,
    body: (who, g) => `${who} convidou você para participar de ${g} no Gather. Abra o convite para entrar com um clique, sem esperar aprovação.`,
  },
  action: 'Abrir o convite',
  footer: (who, email) => `Você recebeu este e-mail porque ${who} convidou ${email} no Gather. Não é para você? Ignore: nada acontece se você não responder.`,
};
