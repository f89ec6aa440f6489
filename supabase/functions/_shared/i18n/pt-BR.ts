import type { GroupRole, MailMessages } from './messages.ts';
import { ptBR as payments } from './payments/pt-BR.ts';

const ROLE: Record<GroupRole, string> = {
  organizer: 'organizador', co_organizer: 'coorganizador', event_organizer: 'organizador de eventos', member: 'membro',
};

export const ptBR: MailMessages = {
  greeting: (name) => (name ? `Olá, ${name},` : 'Olá,'),
  labelled: (label, value) => `${label}: ${value}`,
  someone: 'Alguém',
  theHost: 'O organizador',
  anOrganizer: 'Um organizador',
  yourEvent: 'seu evento',
  when: 'Quando',
  where: 'Onde',
  dateTime: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  venueAndOnline: (venue) => `${venue}, e on-line (o link está na página do evento)`,
  onlineOnly: 'On-line: o link está na página do evento',
  seeEvent: 'Ver o evento',
  cantMakeIt: 'Não vai mais poder ir? Cancele sua presença na página do evento para que outra pessoa possa ir.',
  footer: (url) => `Você recebe este e-mail por causa das suas preferências de notificação. Escolha quais e-mails receber: ${url}`,
  footerHtml: { text: 'Você recebe este e-mail por causa das suas preferências de notificação.', link: 'Escolha quais e-mails receber' },
  rsvpPromoted: {
    subject: (t) => `Você vai a ${t}`,
    body: (t) => `Boa notícia: abriu uma vaga e você saiu da lista de espera. Você vai a ${t}.`,
  },
  rsvpApproved: { subject: (t) => `Pedido aprovado: ${t}`, body: (t) => `Os organizadores aprovaram seu pedido. Você vai a ${t}.` },
  rsvpDeclined: { subject: (t) => `Seu pedido para ${t}`, body: (t) => `Desta vez os organizadores não puderam aceitar seu pedido para participar de ${t}.` },
  rsvpRequested: {
    subject: (t) => `Novo pedido para participar de ${t}`,
    body: (who, t) => `${who} pediu para participar de ${t}. Aprove ou recuse o pedido na lista de convidados.`,
    action: 'Abrir a lista de convidados',
  },
  eventCancelled: {
    subject: (t) => `Cancelado: ${t}`,
    body: (t) => `${t} foi cancelado pelos organizadores.`,
    bodyWithReason: (t) => `${t} foi cancelado pelos organizadores. Eles disseram:`,
  },
  hostMessage: { defaultSubject: 'Uma mensagem do organizador', body: (from, t) => `${from} enviou uma mensagem aos convidados de ${t}:` },
  reminder24h: { subject: (t) => `Amanhã: ${t}`, body: (t) => `Um lembrete: ${t} é amanhã.` },
  reminder1h: { subject: (t) => `Começa já já: ${t}`, body: (t) => `${t} começa em cerca de uma hora.` },
  feedbackRequested: {
    subject: (t) => `Como foi ${t}?`,
    body: (t) => `Obrigado por ir a ${t}. Como foi? Uma nota de 1 a 5 e, se quiser, um comentário: só os anfitriões leem.`,
    action: 'Dar minha avaliação',
  },
  eventChanged: {
    subject: (what, t) => `${what === 'time' ? 'Novo horário' : what === 'place' ? 'Novo local' : 'Novo horário e local'}: ${t}`,
    body: (what, t) =>
      `Os organizadores mudaram ${what === 'time' ? 'o horário' : what === 'place' ? 'o local' : 'o horário e o local'} de ${t}. Sua presença continua confirmada; veja como ficou.`,
    before: 'Antes',
  },
  cohostAdded: {
    subjectCohost: (t) => `Agora você é coorganizador de ${t}`,
    subjectChecker: (t) => `Agora você está na recepção de ${t}`,
    bodyCohost: (from, t) => `${from} adicionou você como coorganizador de ${t}.`,
    bodyChecker: (from, t) => `${from} adicionou você à recepção de ${t}.`,
    action: 'Gerenciar o evento',
  },
  group: {
    yourGroup: 'seu grupo',
    aNewEvent: 'um novo evento',
    seeGroup: 'Ver o grupo',
    eventPublished: {
      subject: (g, t) => `Novo evento em ${g}: ${t}`,
      body: (g, t) => `${g} tem um novo evento: ${t}.`,
      unsubscribe: (g) => `Parar de receber e-mails sobre novos eventos de ${g}`,
    },
    announcement: { defaultSubject: 'Um aviso', body: (from, g) => `${from} enviou um aviso aos membros de ${g}:` },
    joinRequested: {
      subject: (g) => `Novo pedido para entrar em ${g}`,
      body: (who, g) => `${who} pediu para entrar em ${g}. Aceite ou recuse o pedido na página de membros do grupo.`,
      action: 'Ver pedidos',
    },
    joinApproved: { subject: (g) => `Boas-vindas a ${g}`, body: (g) => `Seu pedido foi aceito: agora você é membro de ${g}.` },
    roleChanged: {
      subject: (role, g) => `Agora você é ${ROLE[role]} de ${g}`,
      body: (from, role, g) => `${from} tornou você ${ROLE[role]} de ${g}.`,
      manage: 'Gerenciar o grupo',
    },
  },
  payments,
  conversation: {
    mention: { subject: (who, t) => `${who} mencionou você em “${t}”`, body: (who, t, g) => `${who} mencionou você na discussão “${t}” em ${g}:` },
    reply: { subject: (t) => `Nova resposta em “${t}”`, body: (who, t, g) => `${who} respondeu na discussão “${t}” em ${g}:` },
    directMessage: { subject: (who) => `Nova mensagem de ${who}`, body: (who) => `${who} enviou uma mensagem privada para você:` },
    openDiscussion: 'Abrir a discussão',
    openConversation: 'Responder',
  },
  ics: { cancelled: (text) => `Cancelado: ${text}`, online: 'On-line', eventPage: (url) => `Página do evento: ${url}` },
  feed: {
    personal: 'Gather: meus eventos',
    groupNews: (g) => `Novos eventos de ${g} no Gather`,
    searchNews: (q) => `Novos eventos com “${q}” no Gather`,
    siteNews: 'Novos eventos no Gather',
  },
};
