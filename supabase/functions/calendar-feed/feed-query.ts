// What a calendar-feed URL asks for, checked: one of a group, a personal token or a search, in
// Discover's own parameter names (q, category, near=lat,lng, km or Discover's radius, online).

const CATEGORIES = new Set(['arts', 'books', 'career', 'community', 'food', 'games', 'health', 'music', 'outdoors', 'tech', 'other']);

export interface SearchArgs {
  search_query: string | null;
  search_category: string | null;
  search_online: boolean;
  search_lat: number | null;
  search_lng: number | null;
  search_km: number | null;
}

export type FeedQuery = { format: 'ics' | 'rss' } & (
  | { kind: 'group'; slug: string }
  | { kind: 'personal'; token: string }
  | { kind: 'search'; search: SearchArgs; discoverParams: string }
);

/** The query, or the reason it is malformed (for a 400). */
export function readFeedQuery(p: URLSearchParams): FeedQuery | string {
  const format = p.get('format') ?? 'ics';
  if (format !== 'ics' && format !== 'rss') return 'format is ics or rss.';
  const group = p.get('group');
  const token = p.get('token');
  if (group !== null && token !== null) return 'Ask for a group or a token, not both.';
  if (group !== null) {
    if (!/^[a-z0-9-]{1,200}$/.test(group)) return 'group is a group\u2019s slug.';
    return { format, kind: 'group', slug: group };
  }
  if (token !== null) {
    if (format === 'rss') return 'A personal calendar is served as iCalendar only.';
    if (!/^[0-9a-f]{64}$/.test(token)) return 'This calendar token is malformed.';
    return { format, kind: 'personal', token };
  }
  const q = (p.get('q') ?? '').trim();
  if (q.length > 200) return 'q is at most 200 characters.';
  const category = p.get('category') || null;
  if (category !== null && !CATEGORIES.has(category)) return `category is one of ${[...CATEGORIES].join(', ')}.`;
  const online = p.get('online');
  if (online !== null && !['1', 'true', '0', 'false', ''].includes(online)) return 'online is 1 or 0.';
  let lat: number | null = null;
  let lng: number | null = null;
  const near = p.get('near');
  if (near) {
    const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(near);
    if (!m || Math.abs(Number(m[1])) > 90 || Math.abs(Number(m[2])) > 180) return 'near is latitude,longitude.';
    [lat, lng] = [Number(m[1]), Number(m[2])];
  }
  const kmText = p.get('km') ?? p.get('radius');
  const km = kmText === null || kmText === '' ? (near ? 25 : null) : Number(kmText);
  if (km !== null && !(km > 0 && km <= 1000)) return 'km is a distance between 0 and 1000.';
  const discover = new URLSearchParams();
  if (q) discover.set('q', q);
  if (category) discover.set('category', category);
  if (online === '1' || online === 'true') discover.set('online', '1');
  if (near) discover.set('near', near);
  if (near && km) discover.set('radius', String(km));
  return {
    format,
    kind: 'search',
    search: {
      search_query: q || null, search_category: category, search_online: online === '1' || online === 'true',
      search_lat: lat, search_lng: lng, search_km: near ? km : null,
    },
    discoverParams: discover.toString(),
  };
}
