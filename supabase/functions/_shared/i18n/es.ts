import type { GroupRole, MailMessages } from './messages.ts';
import { es as payments } from './payments/es.ts';

const ROLE: Record<GroupRole, string> = {
  organizer: 'organizador', co_organizer: 'coorganizador', event_organizer: 'organizador de eventos', member: 'miembro',
};

export const es: MailMessages = {
  greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
  labelled: (label, value) => `${label}: ${value}`,
  someone: 'Alguien',
  theHost: 'El organizador',
  anOrganizer: 'Un organizador',
  yourEvent: 'tu evento',
  when: 'Cuándo',
  where: 'Dónde',
  dateTime: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  venueAndOnline: (venue) => `${venue}, y en línea (el enlace está en la página del evento)`,
  onlineOnly: 'En línea: el enlace está en la página del evento',
  seeEvent: 'Ver el evento',
  cantMakeIt: '¿Ya no puedes ir? Cancela tu asistencia en la página del evento para que otra persona pueda ir.',
  footer: (url) => `Recibes este correo por tu configuración de notificaciones. Elige qué correos recibes: ${url}`,
  footerHtml: { text: 'Recibes este correo por tu configuración de notificaciones.', link: 'Elige qué correos recibes' },
  rsvpPromoted: {
    subject: (t) => `Vas a ir a ${t}`,
    body: (t) => `Buenas noticias: se ha liberado una plaza y sales de la lista de espera. Vas a ir a ${t}.`,
  },
  rsvpApproved: { subject: (t) => `Solicitud aprobada: ${t}`, body: (t) => `Los organizadores aprobaron tu solicitud. Vas a ir a ${t}.` },
  rsvpDeclined: { subject: (t) => `Tu solicitud para ${t}`, body: (t) => `Esta vez los organizadores no pudieron aceptar tu solicitud para ir a ${t}.` },
  rsvpRequested: {
    subject: (t) => `Nueva solicitud para ${t}`,
    body: (who, t) => `${who} pidió unirse a ${t}. Aprueba o rechaza la solicitud en la lista de invitados.`,
    action: 'Abrir la lista de invitados',
  },
  eventCancelled: {
    subject: (t) => `Cancelado: ${t}`,
    body: (t) => `Los organizadores cancelaron ${t}.`,
    bodyWithReason: (t) => `Los organizadores cancelaron ${t}. Dijeron:`,
  },
  hostMessage: { defaultSubject: 'Un mensaje del organizador', body: (from, t) => `${from} envió un mensaje a los invitados de ${t}:` },
  reminder24h: { subject: (t) => `Mañana: ${t}`, body: (t) => `Un recordatorio: ${t} es mañana.` },
  reminder1h: { subject: (t) => `Empieza pronto: ${t}`, body: (t) => `${t} empieza en una hora, más o menos.` },
  feedbackRequested: {
    subject: (t) => `¿Qué tal fue ${t}?`,
    body: (t) => `Gracias por venir a ${t}. ¿Qué tal fue? Una puntuación del 1 al 5 y, si quieres, un comentario: solo lo leen los anfitriones.`,
    action: 'Dar mi valoración',
  },
  eventChanged: {
    subject: (what, t) => `${what === 'time' ? 'Nuevo horario' : what === 'place' ? 'Nuevo lugar' : 'Nuevo horario y lugar'}: ${t}`,
    body: (what, t) =>
      `Los organizadores cambiaron ${what === 'time' ? 'el horario' : what === 'place' ? 'el lugar' : 'el horario y el lugar'} de ${t}. Tu asistencia sigue en pie; así queda ahora.`,
    before: 'Antes',
  },
  cohostAdded: {
    subjectCohost: (t) => `Ahora eres coorganizador de ${t}`,
    subjectChecker: (t) => `Ahora estás en la recepción de ${t}`,
    bodyCohost: (from, t) => `${from} te añadió como coorganizador de ${t}.`,
    bodyChecker: (from, t) => `${from} te añadió a la recepción de ${t}.`,
    action: 'Gestionar el evento',
  },
  group: {
    yourGroup: 'tu grupo',
    aNewEvent: 'un evento nuevo',
    seeGroup: 'Ver el grupo',
    eventPublished: {
      subject: (g, t) => `Nuevo evento en ${g}: ${t}`,
      body: (g, t) => `${g} tiene un evento nuevo: ${t}.`,
      unsubscribe: (g) => `Dejar de recibir correos sobre eventos nuevos de ${g}`,
    },
    announcement: { defaultSubject: 'Un anuncio', body: (from, g) => `${from} envió un anuncio a los miembros de ${g}:` },
    joinRequested: {
      subject: (g) => `Nueva solicitud para unirse a ${g}`,
      body: (who, g) => `${who} pidió unirse a ${g}. Acepta o rechaza la solicitud en la página de miembros del grupo.`,
      action: 'Revisar solicitudes',
    },
    joinApproved: { subject: (g) => `Te damos la bienvenida a ${g}`, body: (g) => `Tu solicitud fue aceptada: ahora eres miembro de ${g}.` },
    roleChanged: {
      subject: (role, g) => `Ahora eres ${ROLE[role]} de ${g}`,
      body: (from, role, g) => `${from} te nombró ${ROLE[role]} de ${g}.`,
      manage: 'Gestionar el grupo',
    },
  },
  payments,
  conversation: {
    mention: { subject: (who, t) => `${who} te mencionó en «${t}»`, body: (who, t, g) => `${who} te mencionó en la conversación «${t}» de ${g}:` },
    reply: { subject: (t) => `Nueva respuesta en «${t}»`, body: (who, t, g) => `${who} respondió en la conversación «${t}» de ${g}:` },
    directMessage: { subject: (who) => `Nuevo mensaje de ${who}`, body: (who) => `${who} te envió un mensaje privado:` },
    openDiscussion: 'Abrir la conversación',
    openConversation: 'Responder',
  },
  ics: { cancelled: (text) => `Cancelado: ${text}`, online: 'En línea', eventPage: (url) => `Página del evento: ${url}` },
  feed: {
    personal: 'Gather: mis eventos',
    groupNews: (g) => `Nuevos eventos de ${g} en Gather`,
    searchNews: (q) => `Nuevos eventos que coinciden con «${q}» en Gather`,
    siteNews: 'Nuevos eventos en Gather',
  },
};
