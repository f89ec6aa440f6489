// What the pre-rendered <head> (functions/page-head) and the web app must agree on: the event
// page's columns (so data inlined in the HTML is exactly what the app would fetch), where that
// data sits, and the image renditions (so a preloaded cover is the very file the page shows).
// Imported by both; keep it free of imports so Deno and Vite read it alike.

/** The event page's select: every column but the search vector, the host, co-hosts, live counts. */
export const EVENT_PAGE_COLUMNS = `id, slug, host_id, title, description, category, starts_at, ends_at, timezone, venue_name,
  address, lat, lng, is_online, cover_path, video_url, video_path, capacity, waitlist_enabled,
  requires_approval, plus_ones_max, rsvp_closes_at, visibility, group_id, status, cancel_reason, published_at,
  created_at, updated_at, series_id,
  host:profiles!events_host_id_fkey(username, display_name),
  event_hosts(user_id, role, profile:profiles(username, display_name)),
  event_stats(going_count, waitlist_count, spots_left),
  online_link:event_online_links(url)`;

/** The group page's select (web: features/groups/api/get-group.ts): every column but the search vector, its member count. */
export const GROUP_PAGE_COLUMNS =
  'id, slug, name, about, category, city, lat, lng, cover_path, logo_path, visibility, join_policy, created_by, hidden_at, created_at, updated_at, group_stats(member_count)';

/** Discover's cards (web: features/discover/api/search-events.ts): only what a card and its pin show. */
export const DISCOVER_CARD_COLUMNS =
  'id, slug, title, category, starts_at, ends_at, timezone, venue_name, address, lat, lng, is_online, capacity, waitlist_enabled, cover_path, more_dates, currency, price_from, tickets_sold_out, event_stats(spots_left, going_count, waitlist_count)';

/**
 * Discover's list: one card per series (its next date), and how many cards (decision 0322).
 * Without words the cards come unordered and the request orders them (DISCOVER_LIST_ORDER, asked
 * with GET so the window's start is a value when the plan is made): a page is read from the date
 * index, whatever the number of events (decision 0390). With words, search_event_series keeps
 * them in order of relevance.
 */
export const DISCOVER_LIST_RPC = 'discover_event_series';
export const DISCOVER_LIST_ORDER = ['starts_at', 'id'] as const;
export const DISCOVER_SEARCH_RPC = 'search_event_series';
export const DISCOVER_COUNT_RPC = 'search_event_series_count';

/** Discover's filters when the URL has none (web: DEFAULT_FILTERS, part of the list's query key). */
export const DISCOVER_DEFAULT_FILTERS = {
  q: '', category: null, when: 'any', from: null, to: null, online: false, near: null, radiusKm: 25, myGroups: false,
} as const;

/** Discover's page size (product.md §9). */
export const DISCOVER_PAGE_SIZE = 20;
/** Discover counts its matches up to this many (search_events_count) and says "1,000+" past it. */
export const DISCOVER_COUNT_CAP = 1000;

/** The app's query keys for data the HTML inlines (anonymous viewer). */
export const PAGE_DATA_KEYS = {
  event: (slug: string) => ['events', 'detail', slug],
  group: (slug: string) => ['groups', 'detail', slug, 'anon'],
  /** Discover's list (an infinite query) for the default filters. */
  discover: () => ['events', 'discover', 'list', DISCOVER_DEFAULT_FILTERS],
};

/** `<script type="application/json" id="page-data">{"key": […query key], "data": …}</script>` */
export const PAGE_DATA_ID = 'page-data';

export type Resize = 'cover' | 'contain' | 'fill';
export interface Rendition {
  width?: number;
  height?: number;
  resize?: Resize;
  quality?: number;
  format?: 'origin' | 'webp' | 'avif';
}

/**
 * A rendition of a file in a public bucket, as storage-js's getPublicUrl builds it with
 * `transform` (same path encoding, same parameter order), so the app and the head agree.
 */
export function renditionUrl(apiUrl: string, bucket: string, path: string, t: Rendition): string {
  const base = encodeURI(`${apiUrl}/storage/v1/render/image/public/${bucket}/${path.replace(/^\/+/, '')}`);
  const q = new URLSearchParams();
  if (t.width) q.set('width', String(t.width));
  if (t.height) q.set('height', String(t.height));
  if (t.resize) q.set('resize', t.resize);
  if (t.format) q.set('format', t.format);
  if (t.quality) q.set('quality', String(t.quality));
  return `${base}?${q}`;
}

/** `url 480w, url 768w, …`: widths only, so a small upload is never enlarged. */
export function srcSet(apiUrl: string, bucket: string, path: string, widths: readonly number[], quality?: number): string {
  return widths.map((w) => `${renditionUrl(apiUrl, bucket, path, { width: w, quality })} ${w}w`).join(', ');
}

/** The event page's cover: full width of the page column (max-w-5xl less padding). */
export const EVENT_COVER = {
  widths: [480, 768, 1024, 1536] as const,
  sizes: '(min-width: 1024px) 992px, calc(100vw - 2rem)',
  /** The src for browsers without srcset, and what the head preloads for them too. */
  fallbackWidth: 1024,
};

/** Discover's cards: one column on a phone, two from 640 px, three from 1024 px (max-w-5xl). */
export const CARD_COVER = {
  widths: [320, 480, 640, 960] as const,
  sizes: '(min-width: 1024px) 320px, (min-width: 640px) calc(50vw - 2rem), calc(100vw - 2rem)',
  fallbackWidth: 640,
};

/** A group page's cover: the same page column as the event page's. */
export const GROUP_COVER = EVENT_COVER;

/** Link previews: Open Graph's recommended 1200×630, in the source's own format (every previewer reads PNG/JPEG). */
export const OG_IMAGE: Rendition = { width: 1200, height: 630, resize: 'cover', format: 'origin' };
