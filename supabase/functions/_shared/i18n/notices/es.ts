import type { ItemType, NoticeMessages } from './messages.ts';

const item = (type: ItemType, name: string) => (type === 'event' ? `tu evento ${name}` : `tu grupo ${name}`);
const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}`);
const people = (n: number) => (n === 1 ? '1 persona' : `${n} personas`);

export const es: NoticeMessages = {
  moderation: {
    hidden: {
      subject: (type, name) => `Los moderadores ocultaron ${item(type, name)}`,
      body: (type, name) =>
        `Los moderadores del sitio ocultaron ${item(type, name)}. Ahora solo tú, el resto de su equipo y los moderadores pueden verlo; no aparece en ningún listado.`,
      reasonIntro: 'Su motivo:',
      noReason: 'No dieron ningún motivo.',
      appeal: () => `Si crees que es un error, puedes apelar una vez desde la página del aviso. Los moderadores leerán lo que digas y te responderán.`,
      appealAction: `Leer el aviso o apelar`,
    },
    restored: {
      subject: (type, name) => `${type === 'event' ? 'Tu evento' : 'Tu grupo'} ${name} vuelve a estar visible`,
      body: (type, name) => `Los moderadores del sitio restauraron ${item(type, name)}. Quienes podían verlo antes vuelven a verlo.`,
    },
    appealAccepted: {
      subject: (type, name) => `Apelación aceptada: ${name}`,
      body: (type, name) => `Los moderadores aceptaron tu apelación y restauraron ${item(type, name)}. Quienes podían verlo antes vuelven a verlo.`,
    },
    appealRejected: {
      subject: (type, name) => `Apelación rechazada: ${name}`,
      body: (type, name) => `Los moderadores leyeron tu apelación y mantienen oculto ${item(type, name)}. Esta decisión es definitiva.`,
      responseIntro: 'Su respuesta:',
    },
    action: (type) => (type === 'event' ? 'Abrir el evento' : 'Abrir el grupo'),
  },
  hostNews: {
    single: {
      new_rsvp: { subject: (who, t) => `${who} va a ${t}`, body: (who, t) => `${who} va a ${t}.` },
      new_waitlist: {
        subject: (who, t) => `${who} se apuntó a la lista de espera de ${t}`,
        body: (who, t) => `${who} se apuntó a la lista de espera de ${t}. Tendrá plaza si se libera alguna.`,
      },
      new_member: { subject: (who, g) => `${who} se unió a ${g}`, body: (who, g) => `${who} se unió a tu grupo ${g}.` },
      new_comment: { subject: (who, t) => `${who} comentó en ${t}`, body: (who, t) => `${who} comentó en ${t}:` },
    },
    guests: (n) => (n === 1 ? 'Con 1 invitado.' : `Con ${n} invitados.`),
    batch: {
      new_rsvp: { subject: (n, t) => `${n} nuevas asistencias a ${t}`, body: (n, t, names) => `${people(n)} van ahora a ${t}: ${names}.` },
      new_waitlist: { subject: (n, t) => `${n} nuevos en la lista de espera de ${t}`, body: (n, t, names) => `${people(n)} se apuntaron a la lista de espera de ${t}: ${names}.` },
      rsvp_requested: {
        subject: (n, t) => `${n} nuevas solicitudes para ${t}`,
        body: (n, t, names) => `${people(n)} pidieron unirse a ${t}: ${names}. Acéptalas o recházalas en la lista de invitados.`,
      },
      group_join_requested: {
        subject: (n, g) => `${n} nuevas solicitudes para unirse a ${g}`,
        body: (n, g, names) => `${people(n)} pidieron unirse a ${g}: ${names}. Acéptalas o recházalas en la página de miembros del grupo.`,
      },
      new_member: { subject: (n, g) => `${n} nuevos miembros en ${g}`, body: (n, g, names) => `${people(n)} se unieron a ${g}: ${names}.` },
      new_comment: { subject: (n, t) => `${n} comentarios nuevos en ${t}`, body: (n, t, names) => `${n} comentarios nuevos en ${t}, de ${names}.` },
    },
    line: {
      new_rsvp: (n, names) => `${n === 1 ? '1 nueva asistencia' : `${n} nuevas asistencias`}: ${names}`,
      new_waitlist: (n, names) => `${n === 1 ? '1 nuevo' : `${n} nuevos`} en la lista de espera: ${names}`,
      rsvp_requested: (n, names) => `${n === 1 ? '1 solicitud' : `${n} solicitudes`} para asistir: ${names}`,
      group_join_requested: (n, names) => `${n === 1 ? '1 solicitud' : `${n} solicitudes`} para unirse: ${names}`,
      new_member: (n, names) => `${n === 1 ? '1 nuevo miembro' : `${n} nuevos miembros`}: ${names}`,
      new_comment: (n, names) => `${n === 1 ? '1 comentario nuevo' : `${n} comentarios nuevos`}, de ${names}`,
    },
    names: (names, more) => (more > 0 ? `${names.join(', ')} y ${more} más` : list(names)),
    digest: {
      subject: (n) => (n === 1 ? 'Tu resumen diario: 1 novedad en tus eventos y grupos' : `Tu resumen diario: ${n} novedades en tus eventos y grupos`),
      intro: 'Esto es lo que pasó en los eventos y grupos que organizas desde tu último resumen.',
      action: 'Abrir mis eventos',
    },
    guestList: 'Abrir la lista de invitados',
    members: 'Ver los miembros',
    comments: 'Leer los comentarios',
  },
};
