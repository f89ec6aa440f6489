// The app's own words on a page's first screen, as its catalogues (web/src/locales/*) say them,
// so the screen the HTML paints reads exactly as the app then renders it (decision 0168).
import type { HeadLocale } from '../i18n/index.ts';

export interface ScreenWords {
  skip: string;
  primary: string;
  /** The phone header's menu button (site-header). */
  menu: string;
  nav: { discover: string; groups: string; create: string; signIn: string };
  hostedBy(hosts: string): string;
  cancelled: string;
  publicGroup: string;
  approval: string;
  /** `one`: the language's plural rule says "one" for the count (French: 0 and 1). */
  members(one: boolean, formatted: string): string;
  signInToJoin: string;
  signInToAsk: string;
  discover: DiscoverWords;
}

/** Discover's top (discover-page, filter-bar, more-filters, distance-filter, view-switcher, event-list-view, event-card). */
export interface DiscoverWords {
  title: string; intro: string; events: string; searchLabel: string; searchPlaceholder: string; search: string;
  filters: string; category: string; allCategories: string; when: string;
  whenOptions: [any: string, today: string, week: string, weekend: string, dates: string];
  onlineOnly: string; nearPlace: string; placePlaceholder: string; find: string; distance: string;
  within(radius: string): string; pickPlace: string; useLocation: string;
  views: string; list: string; map: string; calendar: string;
  /** Plurals: `one` as the language's rule says for the count; `n` already formatted. */
  count(one: boolean, n: string): string; going(one: boolean, n: string): string; spotsLeft(one: boolean, n: string): string;
  /** A series' card: how many of its dates follow (event-card). */
  moreDates(one: boolean, n: string): string;
  openToAll: string; full: string; fullWaitlist: string; online: string; alsoOnline: string;
  /** A card's price (price-label): "Free", "From €5" (`price` already formatted), "Sold out". */
  free: string; from(price: string): string; soldOut: string;
}

export const SCREEN_WORDS: Record<HeadLocale, ScreenWords> = {
  en: {
    skip: 'Skip to content', primary: 'Primary', menu: 'Menu',
    nav: { discover: 'Discover', groups: 'Groups', create: 'Create event', signIn: 'Sign in' },
    hostedBy: (h) => `Hosted by ${h}`, cancelled: 'This event was cancelled.',
    publicGroup: 'Public group', approval: 'Organizers approve new members',
    members: (one, n) => `${n} ${one ? 'member' : 'members'}`, signInToJoin: 'Sign in to join', signInToAsk: 'Sign in to ask to join',
    discover: {
      title: 'Discover events', intro: 'Meetups, club nights, talks and workshops hosted by people near you. RSVP in one click or get tickets, and add them to your calendar.',
      events: 'Events', searchLabel: 'Search events', searchPlaceholder: 'Search events, venues, topics…', search: 'Search',
      filters: 'Filters', category: 'Category', allCategories: 'All categories', when: 'When',
      whenOptions: ['Any time', 'Today', 'This week', 'This weekend', 'Pick dates…'],
      onlineOnly: 'Online events only', nearPlace: 'Near a place', placePlaceholder: 'City, e.g. Lisbon', find: 'Find', distance: 'Distance',
      within: (r) => `Within ${r}`, pickPlace: 'Pick a place first.', useLocation: 'Use my location',
      views: 'Views', list: 'List', map: 'Map', calendar: 'Calendar',
      count: (one, n) => `${n} ${one ? 'event' : 'events'}`, going: (_one, n) => `${n} going`,
      spotsLeft: (one, n) => `${n} ${one ? 'spot' : 'spots'} left`,
      openToAll: 'Open to all', full: 'Full', fullWaitlist: 'Full · waitlist open', online: 'Online', alsoOnline: '· also online',
      moreDates: (one, n) => `+${n} ${one ? 'more date' : 'more dates'}`,
      free: 'Free', from: (p) => `From ${p}`, soldOut: 'Sold out',
    },
  },
  de: {
    skip: 'Zum Inhalt springen', primary: 'Hauptnavigation', menu: 'Menü',
    nav: { discover: 'Entdecken', groups: 'Gruppen', create: 'Event erstellen', signIn: 'Anmelden' },
    hostedBy: (h) => `Veranstaltet von ${h}`, cancelled: 'Dieses Event wurde abgesagt.',
    publicGroup: 'Öffentliche Gruppe', approval: 'Organisatoren nehmen neue Mitglieder auf',
    members: (one, n) => `${n} ${one ? 'Mitglied' : 'Mitglieder'}`, signInToJoin: 'Zum Beitreten anmelden', signInToAsk: 'Anmelden, um den Beitritt anzufragen',
    discover: {
      title: 'Events entdecken', intro: 'Treffen, Clubabende, Vorträge und Workshops von Leuten in deiner Nähe. Sag mit einem Klick zu oder hol dir Tickets und trag sie in deinen Kalender ein.',
      events: 'Events', searchLabel: 'Events suchen', searchPlaceholder: 'Events, Orte, Themen suchen …', search: 'Suchen',
      filters: 'Filter', category: 'Kategorie', allCategories: 'Alle Kategorien', when: 'Wann',
      whenOptions: ['Jederzeit', 'Heute', 'Diese Woche', 'Dieses Wochenende', 'Daten wählen …'],
      onlineOnly: 'Nur Online-Events', nearPlace: 'In der Nähe von', placePlaceholder: 'Stadt, z. B. Lissabon', find: 'Suchen', distance: 'Entfernung',
      within: (r) => `Im Umkreis von ${r}`, pickPlace: 'Wähle zuerst einen Ort.', useLocation: 'Meinen Standort verwenden',
      views: 'Ansichten', list: 'Liste', map: 'Karte', calendar: 'Kalender',
      count: (one, n) => `${n} ${one ? 'Event' : 'Events'}`, going: (one, n) => `${n} ${one ? 'Zusage' : 'Zusagen'}`,
      spotsLeft: (one, n) => `${n} ${one ? 'Platz' : 'Plätze'} frei`,
      openToAll: 'Offen für alle', full: 'Ausgebucht', fullWaitlist: 'Ausgebucht · Warteliste offen', online: 'Online', alsoOnline: '· auch online',
      moreDates: (one, n) => `+${n} ${one ? 'weiterer Termin' : 'weitere Termine'}`,
      free: 'Kostenlos', from: (p) => `Ab ${p}`, soldOut: 'Ausverkauft',
    },
  },
  es: {
    skip: 'Saltar al contenido', primary: 'Principal', menu: 'Menú',
    nav: { discover: 'Descubrir', groups: 'Grupos', create: 'Crear evento', signIn: 'Iniciar sesión' },
    hostedBy: (h) => `Organizado por ${h}`, cancelled: 'Este evento se canceló.',
    publicGroup: 'Grupo público', approval: 'Los organizadores aprueban a los nuevos miembros',
    members: (one, n) => `${n} ${one ? 'miembro' : 'miembros'}`, signInToJoin: 'Inicia sesión para unirte', signInToAsk: 'Inicia sesión para pedir unirte',
    discover: {
      title: 'Descubrir eventos', intro: 'Quedadas, noches de club, charlas y talleres organizados por gente cerca de ti. Confirma tu asistencia con un clic o consigue entradas, y añádelos a tu calendario.',
      events: 'Eventos', searchLabel: 'Buscar eventos', searchPlaceholder: 'Busca eventos, lugares, temas…', search: 'Buscar',
      filters: 'Filtros', category: 'Categoría', allCategories: 'Todas las categorías', when: 'Cuándo',
      whenOptions: ['Cualquier fecha', 'Hoy', 'Esta semana', 'Este fin de semana', 'Elegir fechas…'],
      onlineOnly: 'Solo eventos en línea', nearPlace: 'Cerca de un lugar', placePlaceholder: 'Ciudad, p. ej., Lisboa', find: 'Buscar', distance: 'Distancia',
      within: (r) => `A menos de ${r}`, pickPlace: 'Elige primero un lugar.', useLocation: 'Usar mi ubicación',
      views: 'Vistas', list: 'Lista', map: 'Mapa', calendar: 'Calendario',
      count: (one, n) => `${n} ${one ? 'evento' : 'eventos'}`, going: (one, n) => `${n} ${one ? 'asistente' : 'asistentes'}`,
      spotsLeft: (one, n) => (one ? `Queda ${n} plaza` : `Quedan ${n} plazas`),
      openToAll: 'Abierto a todos', full: 'Completo', fullWaitlist: 'Completo · lista de espera abierta', online: 'En línea', alsoOnline: '· también en línea',
      moreDates: (one, n) => `+${n} ${one ? 'fecha más' : 'fechas más'}`,
      free: 'Gratis', from: (p) => `Desde ${p}`, soldOut: 'Agotado',
    },
  },
  fr: {
    skip: 'Aller au contenu', primary: 'Principale', menu: 'Menu',
    nav: { discover: 'Découvrir', groups: 'Groupes', create: 'Créer un événement', signIn: 'Se connecter' },
    hostedBy: (h) => `Organisé par ${h}`, cancelled: 'Cet événement a été annulé.',
    publicGroup: 'Groupe public', approval: 'Les organisateurs approuvent les nouveaux membres',
    members: (one, n) => `${n} ${one ? 'membre' : 'membres'}`, signInToJoin: 'Connectez-vous pour rejoindre', signInToAsk: 'Connectez-vous pour demander à rejoindre',
    discover: {
      title: 'Découvrir des événements', intro: 'Rencontres, soirées, conférences et ateliers organisés par des gens près de chez vous. Inscrivez-vous en un clic ou prenez vos billets, et ajoutez-les à votre agenda.',
      events: 'Événements', searchLabel: 'Rechercher des événements', searchPlaceholder: 'Événements, lieux, sujets…', search: 'Rechercher',
      filters: 'Filtres', category: 'Catégorie', allCategories: 'Toutes les catégories', when: 'Quand',
      whenOptions: ['N’importe quand', 'Aujourd’hui', 'Cette semaine', 'Ce week-end', 'Choisir des dates…'],
      onlineOnly: 'Événements en ligne uniquement', nearPlace: 'Près d’un lieu', placePlaceholder: 'Ville, p. ex. Lisbonne', find: 'Chercher', distance: 'Distance',
      within: (r) => `Dans un rayon de ${r}`, pickPlace: 'Choisissez d’abord un lieu.', useLocation: 'Utiliser ma position',
      views: 'Vues', list: 'Liste', map: 'Carte', calendar: 'Calendrier',
      count: (one, n) => `${n} ${one ? 'événement' : 'événements'}`, going: (one, n) => `${n} ${one ? 'participant' : 'participants'}`,
      spotsLeft: (one, n) => `${n} ${one ? 'place restante' : 'places restantes'}`,
      openToAll: 'Ouvert à tous', full: 'Complet', fullWaitlist: 'Complet · liste d’attente ouverte', online: 'En ligne', alsoOnline: '· aussi en ligne',
      moreDates: (one, n) => `+${n} ${one ? 'autre date' : 'autres dates'}`,
      free: 'Gratuit', from: (p) => `À partir de ${p}`, soldOut: 'Épuisé',
    },
  },
  'pt-BR': {
    skip: 'Pular para o conteúdo', primary: 'Principal', menu: 'Menu',
    nav: { discover: 'Descobrir', groups: 'Grupos', create: 'Criar evento', signIn: 'Entrar' },
    hostedBy: (h) => `Organizado por ${h}`, cancelled: 'Este evento foi cancelado.',
    publicGroup: 'Grupo público', approval: 'Os organizadores aprovam novos membros',
    members: (one, n) => `${n} ${one ? 'membro' : 'membros'}`, signInToJoin: 'Entre para participar', signInToAsk: 'Entre para pedir para participar',
    discover: {
      title: 'Descobrir eventos', intro: 'Encontros, noites de clube, palestras e oficinas organizados por pessoas perto de você. Confirme presença com um clique ou garanta seus ingressos, e adicione à sua agenda.',
      events: 'Eventos', searchLabel: 'Buscar eventos', searchPlaceholder: 'Busque eventos, locais, temas…', search: 'Buscar',
      filters: 'Filtros', category: 'Categoria', allCategories: 'Todas as categorias', when: 'Quando',
      whenOptions: ['Qualquer data', 'Hoje', 'Esta semana', 'Este fim de semana', 'Escolher datas…'],
      onlineOnly: 'Só eventos on-line', nearPlace: 'Perto de um lugar', placePlaceholder: 'Cidade, ex.: Lisboa', find: 'Buscar', distance: 'Distância',
      within: (r) => `Até ${r}`, pickPlace: 'Escolha um lugar primeiro.', useLocation: 'Usar minha localização',
      views: 'Visualizações', list: 'Lista', map: 'Mapa', calendar: 'Calendário',
      count: (one, n) => `${n} ${one ? 'evento' : 'eventos'}`, going: (one, n) => `${n} ${one ? 'confirmado' : 'confirmados'}`,
      spotsLeft: (one, n) => (one ? `Resta ${n} vaga` : `Restam ${n} vagas`),
      openToAll: 'Aberto a todos', full: 'Lotado', fullWaitlist: 'Lotado · lista de espera aberta', online: 'On-line', alsoOnline: '· também on-line',
      moreDates: (one, n) => `+${n} ${one ? 'outra data' : 'outras datas'}`,
      free: 'Grátis', from: (p) => `A partir de ${p}`, soldOut: 'Esgotado',
    },
  },
};
