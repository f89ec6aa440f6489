import type { ItemType, NoticeMessages } from './messages.ts';

const item = (type: ItemType, name: string) => (type === 'event' ? `seu evento ${name}` : `seu grupo ${name}`);
const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}`);
const people = (n: number) => (n === 1 ? '1 pessoa' : `${n} pessoas`);

export const ptBR: NoticeMessages = {
  moderation: {
    hidden: {
      subject: (type, name) => `Os moderadores ocultaram ${item(type, name)}`,
      body: (type, name) =>
        `Os moderadores do site ocultaram ${item(type, name)}. Agora só você, o resto da equipe e os moderadores podem vê-lo; ele não aparece em nenhuma lista.`,
      reasonIntro: 'O motivo:',
      noReason: 'Eles não deram um motivo.',
      appeal: () => `Se você acha que foi um engano, pode recorrer uma vez pela página do aviso. Os moderadores vão ler o que você disser e responder.`,
      appealAction: `Ler o aviso ou recorrer`,
    },
    restored: {
      subject: (type, name) => `${type === 'event' ? 'Seu evento' : 'Seu grupo'} ${name} está visível de novo`,
      body: (type, name) => `Os moderadores do site restauraram ${item(type, name)}. Quem podia vê-lo antes pode vê-lo de novo.`,
    },
    appealAccepted: {
      subject: (type, name) => `Recurso aceito: ${name}`,
      body: (type, name) => `Os moderadores aceitaram seu recurso e restauraram ${item(type, name)}. Quem podia vê-lo antes pode vê-lo de novo.`,
    },
    appealRejected: {
      subject: (type, name) => `Recurso recusado: ${name}`,
      body: (type, name) => `Os moderadores leram seu recurso e mantêm ${item(type, name)} oculto. Esta decisão é definitiva.`,
      responseIntro: 'A resposta deles:',
    },
    action: (type) => (type === 'event' ? 'Abrir o evento' : 'Abrir o grupo'),
  },
  hostNews: {
    single: {
      new_rsvp: { subject: (who, t) => `${who} vai a ${t}`, body: (who, t) => `${who} vai a ${t}.` },
      new_waitlist: {
        subject: (who, t) => `${who} entrou na lista de espera de ${t}`,
        body: (who, t) => `${who} entrou na lista de espera de ${t} e ganha uma vaga se alguma abrir.`,
      },
      new_member: { subject: (who, g) => `${who} entrou em ${g}`, body: (who, g) => `${who} entrou no seu grupo ${g}.` },
      new_comment: { subject: (who, t) => `${who} comentou em ${t}`, body: (who, t) => `${who} comentou em ${t}:` },
    },
    guests: (n) => (n === 1 ? 'Com 1 convidado.' : `Com ${n} convidados.`),
    batch: {
      new_rsvp: { subject: (n, t) => `${n} novas presenças em ${t}`, body: (n, t, names) => `${people(n)} agora vão a ${t}: ${names}.` },
      new_waitlist: { subject: (n, t) => `${n} novos na lista de espera de ${t}`, body: (n, t, names) => `${people(n)} entraram na lista de espera de ${t}: ${names}.` },
      rsvp_requested: {
        subject: (n, t) => `${n} novos pedidos para ${t}`,
        body: (n, t, names) => `${people(n)} pediram para participar de ${t}: ${names}. Aceite ou recuse na lista de convidados.`,
      },
      group_join_requested: {
        subject: (n, g) => `${n} novos pedidos para entrar em ${g}`,
        body: (n, g, names) => `${people(n)} pediram para entrar em ${g}: ${names}. Aceite ou recuse na página de membros do grupo.`,
      },
      new_member: { subject: (n, g) => `${n} novos membros em ${g}`, body: (n, g, names) => `${people(n)} entraram em ${g}: ${names}.` },
      new_comment: { subject: (n, t) => `${n} novos comentários em ${t}`, body: (n, t, names) => `${n} novos comentários em ${t}, de ${names}.` },
    },
    line: {
      new_rsvp: (n, names) => `${n === 1 ? '1 nova presença' : `${n} novas presenças`}: ${names}`,
      new_waitlist: (n, names) => `${n === 1 ? '1 novo' : `${n} novos`} na lista de espera: ${names}`,
      rsvp_requested: (n, names) => `${n === 1 ? '1 pedido' : `${n} pedidos`} para participar: ${names}`,
      group_join_requested: (n, names) => `${n === 1 ? '1 pedido' : `${n} pedidos`} para entrar: ${names}`,
      new_member: (n, names) => `${n === 1 ? '1 novo membro' : `${n} novos membros`}: ${names}`,
      new_comment: (n, names) => `${n === 1 ? '1 novo comentário' : `${n} novos comentários`}, de ${names}`,
    },
    names: (names, more) => (more > 0 ? `${names.join(', ')} e mais ${more}` : list(names)),
    digest: {
      subject: (n) => (n === 1 ? 'Seu resumo diário: 1 novidade nos seus eventos e grupos' : `Seu resumo diário: ${n} novidades nos seus eventos e grupos`),
      intro: 'Veja o que aconteceu nos eventos e grupos que você organiza desde o seu último resumo.',
      action: 'Abrir meus eventos',
    },
    guestList: 'Abrir a lista de convidados',
    members: 'Ver os membros',
    comments: 'Ler os comentários',
  },
};
