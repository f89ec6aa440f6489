import type { DiscoverFilters, HeadMessages } from './messages.ts';

function period(f: DiscoverFilters): string {
  if (f.from && f.to) return ` de ${f.from} a ${f.to}`;
  if (f.from) return ` a partir de ${f.from}`;
  if (f.to) return ` até ${f.to}`;
  return f.when ? ` ${{ today: 'hoje', week: 'nesta semana', weekend: 'neste fim de semana' }[f.when]}` : '';
}

export const ptBR: HeadMessages = {
  ogLocale: 'pt_BR',
  siteTitle: 'Gather — eventos perto de você',
  siteDescription:
    'Encontre eventos perto de você, confirme presença com um clique ou garanta seus ingressos e conheça quem vai. Publicar um evento leva menos de um minuto.',
  siteImageAlt: 'Gather: eventos perto de você',
  categories: {
    arts: 'Artes', books: 'Livros', career: 'Carreira', community: 'Comunidade', food: 'Gastronomia', games: 'Jogos',
    health: 'Saúde', music: 'Música', outdoors: 'Ao ar livre', tech: 'Tecnologia', other: 'Outros',
  },
  online: 'On-line',
  cancelled: { title: (title) => `Cancelado: ${title}`, sentence: 'Cancelado.' },
  coverOf: (name) => `Capa de ${name}`,
  profileDescription: (name, city) => `${name} organiza e participa de eventos${city ? ` em ${city}` : ''} no Gather.`,
  groupIn: (category, city) => `Grupo de ${category.toLowerCase()} em ${city}`,
  members: (count, n) => `${n} ${count <= 1 ? 'membro' : 'membros'}`,
  discover: {
    title: 'Descobrir eventos',
    description:
      'Encontros, baladas, palestras e oficinas organizados por pessoas perto de você. Confirme presença com um clique ou garanta seus ingressos, e adicione-os à sua agenda.',
    filteredTitle: (f) => {
      const what = `${f.category ? `${f.category}: eventos` : 'Eventos'}${f.online ? ' on-line' : ''}`;
      const where = f.near ? ` ${f.near.place ? `perto de ${f.near.place}` : 'perto de um local escolhido'}${f.near.radius ? ` (${f.near.radius})` : ''}` : '';
      return `${what}${f.query ? ` com “${f.query}”` : ''}${period(f)}${where}`;
    },
    filteredDescription: (title) =>
      `${title}: eventos no Gather. Confirme presença com um clique ou garanta seus ingressos, e adicione-os à sua agenda.`,
  },
};
