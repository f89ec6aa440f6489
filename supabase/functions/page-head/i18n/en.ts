import type { DiscoverFilters, HeadMessages } from './messages.ts';

function period(f: DiscoverFilters): string {
  if (f.from && f.to) return ` from ${f.from} to ${f.to}`;
  if (f.from) return ` from ${f.from}`;
  if (f.to) return ` until ${f.to}`;
  return f.when ? ` ${{ today: 'today', week: 'this week', weekend: 'this weekend' }[f.when]}` : '';
}

export const en: HeadMessages = {
  ogLocale: 'en_US',
  siteTitle: 'Gather — community events near you',
  siteDescription: 'Find community events near you, RSVP in one click or get tickets and meet the people going. Hosts publish an event in under a minute.',
  siteImageAlt: 'Gather: community events near you',
  categories: {
    arts: 'Arts', books: 'Books', career: 'Career', community: 'Community', food: 'Food', games: 'Games',
    health: 'Health', music: 'Music', outdoors: 'Outdoors', tech: 'Tech', other: 'Other',
  },
  online: 'Online',
  cancelled: { title: (title) => `Cancelled: ${title}`, sentence: 'Cancelled.' },
  coverOf: (name) => `Cover of ${name}`,
  profileDescription: (name, city) => `${name} hosts and goes to community events${city ? ` in ${city}` : ''} on Gather.`,
  groupIn: (category, city) => `${category} group in ${city}`,
  members: (count, n) => `${n} ${count === 1 ? 'member' : 'members'}`,
  discover: {
    title: 'Discover events',
    description: 'Meetups, club nights, talks and workshops hosted by people near you. RSVP in one click or get tickets, and add them to your calendar.',
    filteredTitle: (f) => {
      const what = f.category
        ? `${f.online ? `Online ${f.category.toLowerCase()}` : f.category} events`
        : f.online ? 'Online events' : 'Events';
      const where = f.near ? ` ${f.near.place ? `near ${f.near.place}` : 'near a chosen place'}${f.near.radius ? ` (${f.near.radius})` : ''}` : '';
      return `${what}${f.query ? ` matching “${f.query}”` : ''}${period(f)}${where}`;
    },
    filteredDescription: (title) => `${title}: community events on Gather. RSVP in one click or get tickets, and add them to your calendar.`,
  },
};
