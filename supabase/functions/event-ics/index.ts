// An event's calendar file (RFC 5545), for "Add to calendar". Reads the event as the caller,
// so a private event's file goes only to those who may see it.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { corsHeaders, json, preflight } from '../_shared/cors.ts';
import { eventToIcs, type IcsEvent } from '../_shared/ics.ts';

const COLUMNS = 'id, slug, title, description, starts_at, ends_at, timezone, venue_name, address, lat, lng, is_online, status, cancel_reason, created_at, updated_at';

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  const url = new URL(req.url);
  const slug = url.searchParams.get('slug');
  const id = url.searchParams.get('id');
  if (!slug && !id) return json({ error: 'Pass ?slug= or ?id=' }, 400);
  const auth = req.headers.get('Authorization');
  const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    global: { headers: auth ? { Authorization: auth } : {} },
    auth: { persistSession: false },
  });
  const query = supabase.from('events').select(COLUMNS);
  const { data, error } = await (slug ? query.eq('slug', slug) : query.eq('id', id!)).maybeSingle();
  if (error) return json({ error: error.message }, 500);
  if (!data) return json({ error: 'No such event' }, 404);
  const site = Deno.env.get('SITE_URL') ?? new URL(Deno.env.get('SUPABASE_URL')!).origin;
  const ics = eventToIcs(data as IcsEvent, `${site}/events/${data.slug}`);
  return new Response(ics, {
    headers: {
      ...corsHeaders,
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${data.slug}.ics"`,
    },
  });
});
