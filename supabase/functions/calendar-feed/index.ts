// Calendar subscriptions (decision 0131): RFC 5545 feeds calendar apps poll without a JWT, and
// RSS 2.0 for new events.
//   ?group=<slug>          a group's public events          (ics or &format=rss)
//   ?token=<secret>        my calendar, as its owner sees it (ics)
//   ?q=&category=&near=lat,lng&km=&online=1   Discover's search (ics or &format=rss)
// Group and search feeds are read as anon whatever the request carries; the personal feed as
// the token's owner (calendar_personal_events). ETag / If-None-Match answer 304.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { corsHeaders, json, preflight } from '../_shared/cors.ts';
import { fromAcceptLanguage, mailLocale, mailMessages, type MailLocale } from '../_shared/i18n/index.ts';
import { feedToIcs, type FeedEvent } from '../_shared/ics-feed.ts';
import { badRequest, methodNotAllowed, unavailable } from '../_shared/request.ts';
import { eventsToRss } from '../_shared/rss.ts';
import { ownUrl, siteUrl } from '../_shared/site-url.ts';
import { readFeedQuery, type FeedQuery } from './feed-query.ts';

/** `name`: what calendar apps and readers list; `description`: the RSS channel's, in the reader's language. */
type Loaded = { events: FeedEvent[]; name: string; description: string; link: string } | Response;

const anon = () =>
  createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, { auth: { persistSession: false } });

async function load(query: FeedQuery, site: string, locale: MailLocale): Promise<Loaded> {
  const db = anon();
  const m = mailMessages(locale).feed;
  if (query.kind === 'personal') {
    const { data, error } = await db.rpc('calendar_personal_events', { feed_token: query.token });
    if (error?.code === 'calendar_token_invalid') return json({ error: 'not_found', message: error.message }, 404);
    if (error) return unavailable('calendar-feed', 'reading the calendar', error);
    return { events: data as FeedEvent[], name: m.personal, description: m.siteNews, link: `${site}/me` };
  }
  if (query.kind === 'group') {
    const { data: group, error: groupError } = await db.from('groups').select('name, slug').eq('slug', query.slug).maybeSingle();
    if (groupError) return unavailable('calendar-feed', 'reading the group', groupError);
    if (!group) return json({ error: 'not_found', message: 'No such group, or it is not visible to you.' }, 404);
    const { data, error } = await db.rpc('calendar_group_events', { group_slug: query.slug });
    if (error) return unavailable('calendar-feed', 'reading the events', error);
    return {
      events: data as FeedEvent[], name: `${group.name} · Gather`, description: m.groupNews(group.name),
      link: `${site}/g/${encodeURIComponent(group.slug)}`,
    };
  }
  const { data, error } = await db.rpc('calendar_search_events', query.search);
  if (error) return unavailable('calendar-feed', 'searching the events', error);
  const q = query.search.search_query;
  return {
    events: data as FeedEvent[], name: q ? `${q} · Gather` : 'Gather', description: q ? m.searchNews(q) : m.siteNews,
    link: `${site}/?${query.discoverParams}`,
  };
}

/** A strong ETag from the body's SHA-256. */
async function etagOf(body: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)));
  return `"${Array.from(digest.slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

/** If-None-Match names this ETag (or `*`); weak comparison, as RFC 9110 asks for it. */
function notModified(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === etag || t === '*');
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET']);
  const url = new URL(req.url);
  const query = readFeedQuery(url.searchParams);
  if (typeof query === 'string') return badRequest(query);
  const site = siteUrl(Deno.env, req);
  // Gather's own words (names, descriptions, "Online", "Cancelled:") in ?lang=, else the reader's
  // Accept-Language, else English; what hosts wrote stays as written (decisions 0205, 0209).
  const locale = mailLocale(url.searchParams.get('lang'), fromAcceptLanguage(req.headers.get('accept-language')));
  const loaded = await load(query, site, locale);
  if (loaded instanceof Response) return loaded;
  const eventUrl = (e: { slug?: string; id: string }) => `${site}/events/${encodeURIComponent(e.slug ?? e.id)}`;
  const body =
    query.format === 'rss'
      ? eventsToRss(loaded.events.filter((e) => e.status === 'published' && Date.parse(e.ends_at) > Date.now()), {
          title: loaded.name, link: loaded.link, self: ownUrl(Deno.env, req), language: locale, eventUrl,
          description: loaded.description, online: mailMessages(locale).ics.online,
        })
      : feedToIcs(loaded.events, { name: loaded.name, eventUrl, locale });
  const etag = await etagOf(body);
  const headers = {
    ...corsHeaders,
    'content-type': query.format === 'rss' ? 'application/rss+xml; charset=utf-8' : 'text/calendar; charset=utf-8',
    'content-language': locale,
    'cache-control': `${query.kind === 'personal' ? 'private' : 'public'}, max-age=300`,
    etag,
    vary: 'Accept-Language',
  };
  if (notModified(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(req.method === 'HEAD' ? null : body, { headers });
});
