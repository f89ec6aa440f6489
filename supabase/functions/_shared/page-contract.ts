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

/** A group page's cover: the same page column as the event page's. */
export const GROUP_COVER = EVENT_COVER;

/** Link previews: Open Graph's recommended 1200×630, in the source's own format (every previewer reads PNG/JPEG). */
export const OG_IMAGE: Rendition = { width: 1200, height: 630, resize: 'cover', format: 'origin' };
