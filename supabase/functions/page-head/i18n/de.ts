import type { DiscoverFilters, HeadMessages } from './messages.ts';

function period(f: DiscoverFilters): string {
  if (f.from && f.to) return ` vom ${f.from} bis ${f.to}`;
  if (f.from) return ` ab ${f.from}`;
  if (f.to) return ` bis ${f.to}`;
  return f.when ? ` ${{ today: 'heute', week: 'diese Woche', weekend: 'dieses Wochenende' }[f.when]}` : '';
}

export const de: HeadMessages = {
  ogLocale: 'de_DE',
  siteTitle: 'Gather — Events in deiner Nähe',
  siteDescription:
    'Finde Events in deiner Nähe, sag mit einem Klick zu oder hol dir Tickets und triff die Leute, die hingehen. Ein Event ist in unter einer Minute veröffentlicht.',
  siteImageAlt: 'Gather: Events in deiner Nähe',
  categories: {
    arts: 'Kunst', books: 'Bücher', career: 'Beruf', community: 'Gemeinschaft', food: 'Essen', games: 'Spiele',
    health: 'Gesundheit', music: 'Musik', outdoors: 'Draußen', tech: 'Technik', other: 'Sonstiges',
  },
  online: 'Online',
  cancelled: { title: (title) => `Abgesagt: ${title}`, sentence: 'Abgesagt.' },
  coverOf: (name) => `Titelbild von ${name}`,
  profileDescription: (name, city) => `${name} veranstaltet und besucht Events${city ? ` in ${city}` : ''} auf Gather.`,
  groupIn: (category, city) => `Gruppe (${category}) in ${city}`,
  members: (count, n) => `${n} ${count === 1 ? 'Mitglied' : 'Mitglieder'}`,
  discover: {
    title: 'Events entdecken',
    description:
      'Meetups, Clubabende, Vorträge und Workshops von Leuten in deiner Nähe. Sag mit einem Klick zu oder hol dir Tickets und übernimm sie in deinen Kalender.',
    filteredTitle: (f) => {
      const what = `${f.category ? `${f.category}: ` : ''}${f.online ? 'Online-Events' : 'Events'}`;
      const where = f.near ? ` ${f.near.place ? `in der Nähe von ${f.near.place}` : 'in der Nähe eines gewählten Orts'}${f.near.radius ? ` (${f.near.radius})` : ''}` : '';
      return `${what}${f.query ? ` zu „${f.query}“` : ''}${period(f)}${where}`;
    },
    filteredDescription: (title) => `${title}: Events auf Gather. Sag mit einem Klick zu oder hol dir Tickets und übernimm sie in deinen Kalender.`,
  },
};
