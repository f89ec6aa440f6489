// The public pages that have a head of their own. Each reads as anon: what row-level security
// hides from anyone (drafts, private, members-only and hidden events, private groups) is simply
// not found, and gets the site's generic tags.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { formatWhen } from '../_shared/email-templates.ts';
import { EVENT_COVER, EVENT_PAGE_COLUMNS, GROUP_COVER, GROUP_PAGE_COLUMNS, OG_IMAGE, PAGE_DATA_KEYS, renditionUrl, srcSet } from '../_shared/page-contract.ts';
import { currencyExponent } from '../_shared/currency-exponent.ts';
import { eventPageSelect } from '../_shared/ticket-columns.ts';
import { eventScreen, groupScreen, type EventScreen } from './first-screen/pages.ts';
import { isoInZone } from '../_shared/zoned-time.ts';
import { formatCount, formatDay, formatKm, headMessages, isEventCategory, type DiscoverFilters, type HeadLocale } from './i18n/index.ts';
import { plainSummary, SITE_NAME, type PageImage, type PageMeta } from './render-head.ts';

/** Where pages and files are: the site's origin, the API's public URL; the language Gather's own words are in. */
export interface Site {
  origin: string;
  api: string;
  image: PageImage;
  locale: HeadLocale;
}

type EventRow = {
  id: string; slug: string; title: string; description: string; category: string; starts_at: string; ends_at: string;
  timezone: string; venue_name: string | null; address: string | null; lat: number | null; lng: number | null;
  is_online: boolean; cover_path: string | null; visibility: string; status: string; cancel_reason: string | null;
  host: { username: string; display_name: string } | null;
  online_link: unknown;
  currency: string;
  ticket_types: { price: number }[] | null;
};

function coverImage(site: Site, bucket: string, path: string | null, alt: string): PageImage {
  if (!path) return site.image;
  const type = /\.jpe?g$/i.test(path) ? 'image/jpeg' : /\.png$/i.test(path) ? 'image/png' : undefined;
  return { url: renditionUrl(site.api, bucket, path, OG_IMAGE), width: OG_IMAGE.width!, height: OG_IMAGE.height!, alt, type };
}

/** A category's name in the page's language (the database's word for one this code does not know). */
function categoryName(site: Site, category: string): string {
  return isEventCategory(category) ? headMessages(site.locale).categories[category] : category;
}

/** Free (an RSVP) or the lowest ticket price, in the event's currency's major unit (decision 0290). */
function offersOf(e: EventRow, url: string) {
  const prices = (e.ticket_types ?? []).map((t) => t.price);
  if (prices.length === 0) {
    return { isAccessibleForFree: true, offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD', url, availability: 'https://schema.org/InStock' } };
  }
  const lowest = Math.min(...prices);
  const exponent = currencyExponent(e.currency);
  return {
    isAccessibleForFree: lowest === 0,
    offers: { '@type': 'Offer', price: lowest / 10 ** exponent, priceCurrency: e.currency, url, availability: 'https://schema.org/InStock' },
  };
}

export async function eventPage(db: SupabaseClient, site: Site, slug: string): Promise<PageMeta | null> {
  const { data, error } = await db.from('events').select(eventPageSelect(EVENT_PAGE_COLUMNS)).eq('slug', slug).maybeSingle();
  if (error || !data) return null;
  const e = data as unknown as EventRow;
  // Belt and braces: anon never sees these, but the head must not depend on that alone.
  if (e.status === 'draft' || e.visibility === 'private' || e.visibility === 'members') return null;
  const m = headMessages(site.locale);
  const url = `${site.origin}/events/${encodeURIComponent(e.slug)}`;
  const place = e.venue_name ? [e.venue_name, e.address].filter(Boolean).join(', ') : e.is_online ? m.online : '';
  const cancelled = e.status === 'cancelled';
  const when = formatWhen(e.starts_at, e.timezone, site.locale);
  const summary = plainSummary(e.description, 200);
  const description = plainSummary([cancelled ? m.cancelled.sentence : '', `${when}${place ? ` · ${place}` : ''}.`, summary].filter(Boolean).join(' '), 300);
  const image = coverImage(site, 'event-covers', e.cover_path, m.coverOf(e.title));
  const venue = e.venue_name
    ? {
        '@type': 'Place',
        name: e.venue_name,
        ...(e.address ? { address: { '@type': 'PostalAddress', streetAddress: e.address } } : {}),
        ...(e.lat !== null && e.lng !== null ? { geo: { '@type': 'GeoCoordinates', latitude: e.lat, longitude: e.lng } } : {}),
      }
    : undefined;
  // The join link is for those going only; the event page stands in for it.
  const online = e.is_online ? { '@type': 'VirtualLocation', url } : undefined;
  const mode = venue && online ? 'Mixed' : online ? 'Online' : 'Offline';
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.title,
    description: plainSummary(e.description, 500),
    url,
    startDate: isoInZone(e.starts_at, e.timezone),
    endDate: isoInZone(e.ends_at, e.timezone),
    eventStatus: `https://schema.org/${cancelled ? 'EventCancelled' : 'EventScheduled'}`,
    eventAttendanceMode: `https://schema.org/${mode}EventAttendanceMode`,
    location: venue && online ? [venue, online] : (venue ?? online),
    image: [image.url],
    ...(e.host
      ? { organizer: { '@type': 'Person', name: e.host.display_name, url: `${site.origin}/u/${encodeURIComponent(e.host.username)}` } }
      : {}),
    ...offersOf(e, url),
  };
  return {
    title: cancelled ? m.cancelled.title(e.title) : e.title,
    description,
    canonical: url,
    locale: site.locale,
    ogType: 'website',
    image,
    jsonLd: [jsonLd],
    noindex: e.visibility !== 'public',
    preloadImage: e.cover_path
      ? {
          href: renditionUrl(site.api, 'event-covers', e.cover_path, { width: EVENT_COVER.fallbackWidth }),
          srcset: srcSet(site.api, 'event-covers', e.cover_path, EVENT_COVER.widths),
          sizes: EVENT_COVER.sizes,
        }
      : undefined,
    // Exactly what the app's own query returns for anyone (the online link is never in it for anon).
    data: e.online_link ? undefined : { key: PAGE_DATA_KEYS.event(e.slug), value: data },
    // The first screen, painted from the HTML; with the data above the app's first render is the same (decision 0168).
    body: e.online_link ? undefined : eventScreen(data as unknown as EventScreen, { api: site.api, locale: site.locale, category: categoryName(site, e.category) }),
  };
}

/**
 * `isSuspended` asks with the service role: suspension is private to the member and the admins
 * (profile_private, decision 0097), so anon cannot read it, yet a suspended member's page says
 * nothing about them here.
 */
export async function profilePage(
  db: SupabaseClient, site: Site, username: string, isSuspended: (id: string) => Promise<boolean>,
): Promise<PageMeta | null> {
  const { data, error } = await db
    .from('profiles')
    .select('id, username, display_name, avatar_path, bio, home_city')
    .eq('username', username.toLowerCase())
    .maybeSingle();
  if (error || !data || (await isSuspended(data.id as string))) return null;
  const p = data as { username: string; display_name: string; avatar_path: string | null; bio: string; home_city: string | null };
  const url = `${site.origin}/u/${encodeURIComponent(p.username)}`;
  const description = plainSummary(p.bio) || headMessages(site.locale).profileDescription(p.display_name, p.home_city);
  const image = p.avatar_path
    ? { url: renditionUrl(site.api, 'avatars', p.avatar_path, { width: 400, height: 400, resize: 'cover', format: 'origin' }), width: 400, height: 400, alt: p.display_name }
    : site.image;
  return {
    title: `${p.display_name} (@${p.username})`,
    description,
    canonical: url,
    locale: site.locale,
    ogType: 'profile',
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url,
        mainEntity: { '@type': 'Person', name: p.display_name, alternateName: `@${p.username}`, ...(p.bio ? { description: p.bio } : {}) },
      },
    ],
  };
}

export async function groupPage(db: SupabaseClient, site: Site, slug: string): Promise<PageMeta | null> {
  const { data, error } = await db
    .from('groups')
    .select(GROUP_PAGE_COLUMNS)
    .eq('slug', slug)
    .maybeSingle();
  // No groups table (an older schema), a private or hidden group, or none: the generic tags.
  if (error || !data || data.visibility !== 'public' || data.hidden_at) return null;
  const g = data as {
    slug: string; name: string; about: string; category: string; city: string; lat: number; lng: number;
    cover_path: string | null; logo_path: string | null; join_policy: string;
    group_stats: { member_count: number } | { member_count: number }[] | null;
  };
  const url = `${site.origin}/g/${encodeURIComponent(g.slug)}`;
  const stats = Array.isArray(g.group_stats) ? g.group_stats[0] : g.group_stats;
  const m = headMessages(site.locale);
  const members = stats ? m.members(stats.member_count, formatCount(stats.member_count, site.locale)) : '';
  const description = plainSummary(`${m.groupIn(categoryName(site, g.category), g.city)}${members ? ` · ${members}` : ''}. ${plainSummary(g.about, 220)}`, 300);
  const image = coverImage(site, 'group-media', g.cover_path, m.coverOf(g.name));
  return {
    title: g.name,
    description,
    canonical: url,
    locale: site.locale,
    ogType: 'website',
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: g.name,
        url,
        description: plainSummary(g.about, 500),
        ...(g.logo_path ? { logo: renditionUrl(site.api, 'group-media', g.logo_path, { width: 512, height: 512, resize: 'contain', format: 'origin' }) } : {}),
        image: [image.url],
        location: { '@type': 'Place', name: g.city, geo: { '@type': 'GeoCoordinates', latitude: g.lat, longitude: g.lng } },
      },
    ],
    preloadImage: g.cover_path
      ? {
          href: renditionUrl(site.api, 'group-media', g.cover_path, { width: GROUP_COVER.fallbackWidth }),
          srcset: srcSet(site.api, 'group-media', g.cover_path, GROUP_COVER.widths),
          sizes: GROUP_COVER.sizes,
        }
      : undefined,
    // The group as the app's own query returns it to anyone, and its first screen (decision 0168).
    data: { key: PAGE_DATA_KEYS.group(g.slug), value: data },
    body: groupScreen(
      { ...g, members: stats?.member_count ?? 0 },
      { api: site.api, locale: site.locale, category: categoryName(site, g.category) },
    ),
  };
}

const WHEN = new Set(['today', 'week', 'weekend']);
const RADII = new Set(['5', '10', '25', '50', '100']);

/**
 * Discover, described by its filters as the app reads them from the URL (decision 61):
 * "Music events this weekend near Lisbon". The canonical URL keeps only the filters, in a
 * fixed order, so every spelling of one search is one page.
 */
export function discoverPage(site: Site, params: URLSearchParams): PageMeta {
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const category = /^[a-z]{2,20}$/.test(params.get('category') ?? '') ? params.get('category')! : '';
  const from = /^\d{4}-\d{2}-\d{2}$/.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = /^\d{4}-\d{2}-\d{2}$/.test(params.get('to') ?? '') ? params.get('to')! : '';
  const when = from || to ? 'dates' : WHEN.has(params.get('when') ?? '') ? params.get('when')! : '';
  const online = params.get('online') === '1';
  const near = /^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/.test(params.get('near') ?? '') ? params.get('near')! : '';
  const place = near ? (params.get('place') ?? '').trim().slice(0, 80) : '';
  const radius = near && RADII.has(params.get('radius') ?? '') ? params.get('radius')! : '';

  const m = headMessages(site.locale);
  const filters: DiscoverFilters = {
    online,
    category: category ? categoryName(site, category) : undefined,
    when: when && when !== 'dates' ? (when as DiscoverFilters['when']) : undefined,
    from: from ? formatDay(from, site.locale) : undefined,
    to: to ? formatDay(to, site.locale) : undefined,
    query: q || undefined,
    near: near ? { place, radius: radius ? formatKm(Number(radius), site.locale) : undefined } : undefined,
  };
  const filtered = Boolean(online || category || when || near || q);
  const title = filtered ? m.discover.filteredTitle(filters) : m.discover.title;
  const description = filtered ? m.discover.filteredDescription(title) : m.discover.description;

  const canonical = new URLSearchParams();
  if (q) canonical.set('q', q);
  if (category) canonical.set('category', category);
  if (when && when !== 'dates') canonical.set('when', when);
  if (from) canonical.set('from', from);
  if (to) canonical.set('to', to);
  if (online) canonical.set('online', '1');
  if (near) canonical.set('near', near);
  if (place) canonical.set('place', place);
  if (radius) canonical.set('radius', radius);
  const qs = canonical.toString();
  const url = `${site.origin}/${qs ? `?${qs}` : ''}`;
  return {
    title,
    description,
    canonical: url,
    locale: site.locale,
    ogType: 'website',
    image: site.image,
    jsonLd: filtered
      ? undefined
      : [
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: SITE_NAME,
            url: `${site.origin}/`,
            potentialAction: { '@type': 'SearchAction', target: `${site.origin}/?q={search_term_string}`, 'query-input': 'required name=search_term_string' },
          },
        ],
  };
}
