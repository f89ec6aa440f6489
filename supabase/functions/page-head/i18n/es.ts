import type { DiscoverFilters, HeadMessages } from './messages.ts';

function period(f: DiscoverFilters): string {
  if (f.from && f.to) return ` del ${f.from} al ${f.to}`;
  if (f.from) return ` desde el ${f.from}`;
  if (f.to) return ` hasta el ${f.to}`;
  return f.when ? ` ${{ today: 'hoy', week: 'esta semana', weekend: 'este fin de semana' }[f.when]}` : '';
}

export const es: HeadMessages = {
  ogLocale: 'es_ES',
  siteTitle: 'Gather — eventos cerca de ti',
  siteDescription:
    'Encuentra eventos cerca de ti, confirma tu asistencia con un clic o consigue entradas y conoce a quienes van. Publicar un evento lleva menos de un minuto.',
  siteImageAlt: 'Gather: eventos cerca de ti',
  categories: {
    arts: 'Arte', books: 'Libros', career: 'Carrera', community: 'Comunidad', food: 'Gastronomía', games: 'Juegos',
    health: 'Salud', music: 'Música', outdoors: 'Aire libre', tech: 'Tecnología', other: 'Otros',
  },
  online: 'En línea',
  cancelled: { title: (title) => `Cancelado: ${title}`, sentence: 'Cancelado.' },
  coverOf: (name) => `Portada de ${name}`,
  profileDescription: (name, city) => `${name} organiza eventos y asiste a ellos${city ? ` en ${city}` : ''} en Gather.`,
  groupIn: (category, city) => `Grupo de ${category.toLowerCase()} en ${city}`,
  members: (count, n) => `${n} ${count === 1 ? 'miembro' : 'miembros'}`,
  discover: {
    title: 'Descubrir eventos',
    description:
      'Quedadas, noches de club, charlas y talleres organizados por gente cerca de ti. Confirma tu asistencia con un clic o consigue entradas, y añádelos a tu calendario.',
    filteredTitle: (f) => {
      const what = `${f.category ? `${f.category}: eventos` : 'Eventos'}${f.online ? ' en línea' : ''}`;
      const where = f.near ? ` ${f.near.place ? `cerca de ${f.near.place}` : 'cerca de un lugar elegido'}${f.near.radius ? ` (${f.near.radius})` : ''}` : '';
      return `${what}${f.query ? ` que coinciden con «${f.query}»` : ''}${period(f)}${where}`;
    },
    filteredDescription: (title) =>
      `${title}: eventos en Gather. Confirma tu asistencia con un clic o consigue entradas, y añádelos a tu calendario.`,
  },
};
