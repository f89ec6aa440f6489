// The app's own words on a page's first screen, as its catalogues (web/src/locales/*) say them,
// so the screen the HTML paints reads exactly as the app then renders it (decision 0168).
import type { HeadLocale } from '../i18n/index.ts';

export interface ScreenWords {
  skip: string;
  primary: string;
  nav: { discover: string; groups: string; create: string; signIn: string };
  hostedBy(hosts: string): string;
  cancelled: string;
  publicGroup: string;
  approval: string;
  /** `one`: the language's plural rule says "one" for the count (French: 0 and 1). */
  members(one: boolean, formatted: string): string;
  signInToJoin: string;
  signInToAsk: string;
}

export const SCREEN_WORDS: Record<HeadLocale, ScreenWords> = {
  en: {
    skip: 'Skip to content', primary: 'Primary',
    nav: { discover: 'Discover', groups: 'Groups', create: 'Create event', signIn: 'Sign in' },
    hostedBy: (h) => `Hosted by ${h}`, cancelled: 'This event was cancelled.',
    publicGroup: 'Public group', approval: 'Organizers approve new members',
    members: (one, n) => `${n} ${one ? 'member' : 'members'}`, signInToJoin: 'Sign in to join', signInToAsk: 'Sign in to ask to join',
  },
  de: {
    skip: 'Zum Inhalt springen', primary: 'Hauptnavigation',
    nav: { discover: 'Entdecken', groups: 'Gruppen', create: 'Event erstellen', signIn: 'Anmelden' },
    hostedBy: (h) => `Veranstaltet von ${h}`, cancelled: 'Dieses Event wurde abgesagt.',
    publicGroup: 'Öffentliche Gruppe', approval: 'Organisatoren nehmen neue Mitglieder auf',
    members: (one, n) => `${n} ${one ? 'Mitglied' : 'Mitglieder'}`, signInToJoin: 'Zum Beitreten anmelden', signInToAsk: 'Anmelden, um den Beitritt anzufragen',
  },
  es: {
    skip: 'Saltar al contenido', primary: 'Principal',
    nav: { discover: 'Descubrir', groups: 'Grupos', create: 'Crear evento', signIn: 'Iniciar sesión' },
    hostedBy: (h) => `Organizado por ${h}`, cancelled: 'Este evento se canceló.',
    publicGroup: 'Grupo público', approval: 'Los organizadores aprueban a los nuevos miembros',
    members: (one, n) => `${n} ${one ? 'miembro' : 'miembros'}`, signInToJoin: 'Inicia sesión para unirte', signInToAsk: 'Inicia sesión para pedir unirte',
  },
  fr: {
    skip: 'Aller au contenu', primary: 'Principale',
    nav: { discover: 'Découvrir', groups: 'Groupes', create: 'Créer un événement', signIn: 'Se connecter' },
    hostedBy: (h) => `Organisé par ${h}`, cancelled: 'Cet événement a été annulé.',
    publicGroup: 'Groupe public', approval: 'Les organisateurs approuvent les nouveaux membres',
    members: (one, n) => `${n} ${one ? 'membre' : 'membres'}`, signInToJoin: 'Connectez-vous pour rejoindre', signInToAsk: 'Connectez-vous pour demander à rejoindre',
  },
  'pt-BR': {
    skip: 'Pular para o conteúdo', primary: 'Principal',
    nav: { discover: 'Descobrir', groups: 'Grupos', create: 'Criar evento', signIn: 'Entrar' },
    hostedBy: (h) => `Organizado por ${h}`, cancelled: 'Este evento foi cancelado.',
    publicGroup: 'Grupo público', approval: 'Os organizadores aprovam novos membros',
    members: (one, n) => `${n} ${one ? 'membro' : 'membros'}`, signInToJoin: 'Entre para participar', signInToAsk: 'Entre para pedir para participar',
  },
};
