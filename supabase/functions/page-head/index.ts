// The <head> of a public page, for link previews and a fast first paint: the web serving
// (gather-server, or an edge middleware on a static host) calls it with the page's path and
// origin, as anon, and splices `head` into index.html (decision 0161), and `body`, the page's
// first screen, into its root element (decision 0168). Always 200 with `{ head, body? }`; a
// head of "" keeps the site's generic tags.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { corsHeaders, preflight } from '../_shared/cors.ts';
import { discoverPage, eventPage, groupPage, profilePage, type Site } from './pages.ts';
import { headLocale, headMessages, type HeadLocale } from './i18n/index.ts';
import { genericHead, renderHead, type PageMeta } from './render-head.ts';
import { withDiscoverResults } from './discover-data.ts';

/** App paths under /events/ that are screens, not events. */
const EVENT_SCREENS = new Set(['new']);

/**
 * `lang` is the language Gather's own words are in (the serving may key its cache on it); `body`
 * the page's first screen for the root element, when the page has one (decision 0168).
 */
function answer(head: string, lang: HeadLocale, body = ''): Response {
  return new Response(JSON.stringify(body ? { head, body, lang } : { head, lang }), {
    headers: {
      ...corsHeaders, 'content-type': 'application/json', 'cache-control': 'public, max-age=60',
      'content-language': lang, vary: 'Accept-Language',
    },
  });
}

/** The site's origin: the caller's, when it is a plain http(s) origin; else SITE_URL. */
function originOf(given: string | null): string | undefined {
  try {
    const u = new URL(given ?? '');
    if ((u.protocol === 'http:' || u.protocol === 'https:') && u.origin === given) return u.origin;
  } catch {
    // fall through
  }
  return Deno.env.get('SITE_URL')?.replace(/\/+$/, '') || undefined;
}

/**
 * Where browsers reach the API. Hosted: SUPABASE_URL. gather-server gives functions a loopback
 * address, and serves the API on the site's own origin, so there the origin is the answer.
 */
function publicApiUrl(origin: string): string {
  const api = Deno.env.get('SUPABASE_URL') ?? origin;
  return /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(api) ? origin : api.replace(/\/+$/, '');
}

/** Whether a member is suspended, read with the service role (anon may not); unknown = suspended. */
async function isSuspended(id: string): Promise<boolean> {
  const admin = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await admin.from('profile_private').select('suspended_at').eq('id', id).maybeSingle();
  return Boolean(error || !data || data.suspended_at);
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  const url = new URL(req.url);
  // Gather's own words in the reader's language, as the app picks it before a profile is known:
  // the first of the browser's languages Gather speaks, else English (decision 0208).
  const locale = headLocale(url.searchParams.get('lang'), req.headers.get('accept-language'));
  const origin = originOf(url.searchParams.get('origin'));
  if (!origin) return answer('', locale);
  const site: Site = {
    origin,
    api: publicApiUrl(origin),
    image: { url: `${origin}/og-image.png`, width: 1200, height: 630, alt: headMessages(locale).siteImageAlt, type: 'image/png' },
    locale,
  };
  let page: URL;
  try {
    page = new URL(url.searchParams.get('path') ?? '/', origin);
  } catch {
    return answer(genericHead(site.image, locale), locale);
  }
  const db = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const [, first, second, ...rest] = page.pathname.split('/').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return '';
    }
  });
  let meta: PageMeta | null = null;
  let known = true;
  if (page.pathname === '/') {
    meta = discoverPage(site, page.searchParams);
    // Without filters, the one list every visitor shares: its first page rides along.
    if (!page.search) meta = await withDiscoverResults(db, site, meta, req.headers.get('accept-language'));
  }
  else if (first === 'events' && second && !rest.length && !EVENT_SCREENS.has(second)) meta = await eventPage(db, site, second);
  else if (first === 'u' && second && !rest.length) meta = await profilePage(db, site, second, isSuspended);
  else if (first === 'g' && second && !rest.length) meta = await groupPage(db, site, second);
  else known = false;
  // A page that is not there (or not for everyone) says nothing about itself, and asks not to be indexed.
  return answer(meta ? renderHead(meta) : genericHead(site.image, locale, known), locale, meta?.body);
});
