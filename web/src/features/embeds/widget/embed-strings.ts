// The embed's few words in Gather's five languages, packed as one "|"-separated line per language
// (the whole embed stays under its 10 KB budget; Lingui's runtime alone would take most of it).
// Order of the fields: see `Words`.
const PACKED: Record<string, string> = {
  en: "Upcoming events|No upcoming events.|Couldn't load events.|Loading events…|RSVP|Buy tickets|Get tickets|Online|opens Gather in a new tab|All events on Gather",
  fr: "Événements à venir|Aucun événement à venir.|Impossible de charger les événements.|Chargement des événements…|Participer|Acheter des billets|Obtenir des billets|En ligne|ouvre Gather dans un nouvel onglet|Tous les événements sur Gather",
  es: "Próximos eventos|No hay eventos próximos.|No se pudieron cargar los eventos.|Cargando eventos…|Asistiré|Comprar entradas|Conseguir entradas|En línea|abre Gather en una pestaña nueva|Todos los eventos en Gather",
  de: "Kommende Veranstaltungen|Keine kommenden Veranstaltungen.|Veranstaltungen konnten nicht geladen werden.|Veranstaltungen werden geladen…|Zusagen|Tickets kaufen|Tickets holen|Online|öffnet Gather in einem neuen Tab|Alle Veranstaltungen auf Gather",
  "pt-BR": "Próximos eventos|Nenhum evento próximo.|Não foi possível carregar os eventos.|Carregando eventos…|Vou|Comprar ingressos|Garantir ingressos|Online|abre o Gather em uma nova aba|Todos os eventos no Gather",
};

const KEYS = ["upcoming", "none", "error", "loading", "rsvp", "buy", "free", "online", "newTab", "all"] as const;
export type Words = Record<(typeof KEYS)[number], string>;

/**
 * The reader's language among Gather's five: the element's `lang` if given, else the browser's
 * preferred languages in order (any Portuguese reads pt-BR), else English.
 */
export function pickLanguage(wanted: readonly string[]): string {
  for (const tag of wanted) {
    const lower = tag.toLowerCase();
    if (lower.startsWith("pt")) return "pt-BR";
    const base = lower.split("-")[0]!;
    if (base in PACKED) return base;
  }
  return "en";
}

export function wordsFor(language: string): Words {
  const fields = (PACKED[language] ?? PACKED.en!).split("|");
  return Object.fromEntries(KEYS.map((key, i) => [key, fields[i]!])) as Words;
}
