// An event's calendar file (RFC 5545), for "Add to calendar". Reads the event as the caller,
// so a private event's file goes only to those who may see it. Its own words are in `?lang=`
// (the app passes the language on screen), else the browser's Accept-Language, else English.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { attachment } from '../_shared/content-disposition.ts';
import { corsHeaders, json, preflight } from '../_shared/cors.ts';
import { fromAcceptLanguage, mailLocale } from '../_shared/i18n/index.ts';
import { eventToIcs, type IcsEvent } from '../_shared/ics.ts';
import { badRequest, isUuid, methodNotAllowed, unavailable } from '../_shared/request.ts';
import { siteUrl } from '../_shared/site-url.ts';

const COLUMNS = 'id, slug, title, description, starts_at, ends_at, timezone, venue_name, address, lat, lng, is_online, status, cancel_reason, created_at, updated_at, ics_sequence';

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET']);
  const url = new URL(req.url);
  const slug = url.searchParams.get('slug');
  const id = url.searchParams.get('id');
  if (!slug && !id) return badRequest('Pass ?slug= or ?id=.');
  if (id && !isUuid(id)) return badRequest('The id must be a UUID.');
  if (slug && slug.length > 200) return badRequest('The slug is too long.');
  const auth = req.headers.get('Authorization');
  const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    global: { headers: auth ? { Authorization: auth } : {} },
    auth: { persistSession: false },
  });
  const query = supabase.from('events').select(COLUMNS);
  const { data, error } = await (slug ? query.eq('slug', slug) : query.eq('id', id!)).maybeSingle();
  // A bad or expired token is the caller's to fix (PostgREST's PGRST30x); anything else is ours.
  if (error?.code?.startsWith('PGRST30')) return json({ error: 'invalid_token', message: 'The access token is not valid: sign in again, or ask without it.' }, 401);
  if (error) return unavailable('event-ics', 'reading the event', error);
  if (!data) return json({ error: 'not_found', message: 'No such event, or it is not visible to you.' }, 404);
  const locale = mailLocale(url.searchParams.get('lang'), fromAcceptLanguage(req.headers.get('accept-language')));
  const ics = eventToIcs(data as IcsEvent, `${siteUrl(Deno.env, req)}/events/${encodeURIComponent(data.slug)}`, new Date(), locale);
  return new Response(ics, {
    headers: {
      ...corsHeaders,
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': attachment(`${data.slug}.ics`),
      'content-language': locale,
      vary: 'Accept-Language',
    },
  });
});
