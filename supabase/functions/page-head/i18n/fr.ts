import type { DiscoverFilters, HeadMessages } from './messages.ts';

function period(f: DiscoverFilters): string {
  if (f.from && f.to) return ` du ${f.from} au ${f.to}`;
  if (f.from) return ` à partir du ${f.from}`;
  if (f.to) return ` jusqu’au ${f.to}`;
  return f.when ? ` ${{ today: 'aujourd’hui', week: 'cette semaine', weekend: 'ce week-end' }[f.when]}` : '';
}

export const fr: HeadMessages = {
  ogLocale: 'fr_FR',
  siteTitle: 'Gather — des événements près de chez vous',
  siteDescription:
    'Trouvez des événements près de chez vous, inscrivez-vous en un clic ou prenez vos billets et rencontrez les participants. Publier un événement prend moins d’une minute.',
  siteImageAlt: 'Gather : des événements près de chez vous',
  categories: {
    arts: 'Arts', books: 'Livres', career: 'Carrière', community: 'Communauté', food: 'Cuisine', games: 'Jeux',
    health: 'Santé', music: 'Musique', outdoors: 'Plein air', tech: 'Tech', other: 'Autre',
  },
  online: 'En ligne',
  cancelled: { title: (title) => `Annulé : ${title}`, sentence: 'Annulé.' },
  coverOf: (name) => `Couverture de ${name}`,
  profileDescription: (name, city) => `${name} organise des événements et y participe${city ? ` à ${city}` : ''} sur Gather.`,
  groupIn: (category, city) => `Groupe ${category.toLowerCase()} à ${city}`,
  members: (count, n) => `${n} ${count <= 1 ? 'membre' : 'membres'}`,
  discover: {
    title: 'Découvrir des événements',
    description:
      'Rencontres, soirées, conférences et ateliers organisés par des gens près de chez vous. Inscrivez-vous en un clic ou prenez vos billets, et ajoutez-les à votre agenda.',
    filteredTitle: (f) => {
      const what = `${f.category ? `${f.category} : événements` : 'Événements'}${f.online ? ' en ligne' : ''}`;
      const where = f.near ? ` ${f.near.place ? `près de ${f.near.place}` : 'près d’un lieu choisi'}${f.near.radius ? ` (${f.near.radius})` : ''}` : '';
      return `${what}${f.query ? ` correspondant à « ${f.query} »` : ''}${period(f)}${where}`;
    },
    filteredDescription: (title) =>
      `${title} : des événements sur Gather. Inscrivez-vous en un clic ou prenez vos billets, et ajoutez-les à votre agenda.`,
  },
};
