/** [name, ISO country code, lat, lng, population], most populous first. */
export type GazetteerRow = [string, string, number, number, number];

export interface Place {
  name: string;
  label: string;
  country: string;
  lat: number;
  lng: number;
}

/** Lower-case, accents removed: "São Paulo" and "sao paulo" are the same search. */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Cities whose name matches the query: exact names first, then names that start with it,
 * then names containing it; most populous first within each. "Paris, FR" narrows by country.
 */
export function searchGazetteer(rows: readonly GazetteerRow[], query: string, limit = 8): Place[] {
  const [namePart = '', countryPart = ''] = query.split(',').map((p) => fold(p));
  if (namePart.length < 2) return [];
  const buckets: GazetteerRow[][] = [[], [], []];
  for (const row of rows) {
    if (countryPart && fold(row[1]) !== countryPart && !fold(countryName(row[1])).startsWith(countryPart)) continue;
    const name = fold(row[0]);
    const rank = name === namePart ? 0 : name.startsWith(namePart) ? 1 : name.includes(namePart) ? 2 : -1;
    if (rank >= 0 && buckets[rank]!.length < limit) buckets[rank]!.push(row);
  }
  return buckets
    .flat()
    .slice(0, limit)
    .map(([name, country, lat, lng]) => ({ name, country, lat, lng, label: `${name}, ${countryName(country)}` }));
}
