// One-click unsubscribe from the weekly email of picks (decision 0382): the link in the email
// (GET) and RFC 8058's one-click POST both turn `weekly_picks` off for the token's member and
// answer a small page in their language. No JWT: the token is the credential. A token that is
// not one of ours answers 404 and changes nothing.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { fromAcceptLanguage } from '../_shared/i18n/index.ts';
import { methodNotAllowed, unavailable } from '../_shared/request.ts';
import { siteUrl } from '../_shared/site-url.ts';
import { unsubscribePage } from '../_shared/weekly-picks-email.ts';

const page = (html: string, status: number) =>
  new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });

Deno.serve(async (req) => {
  if (req.method !== 'GET' && req.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const token = new URL(req.url).searchParams.get('token') ?? '';
  const site = siteUrl(Deno.env, req);
  const visitor = fromAcceptLanguage(req.headers.get('accept-language')) ?? null;
  if (!/^[0-9a-f]{64}$/.test(token)) return page(unsubscribePage(visitor, false, site), 404);
  const db = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await db.rpc('unsubscribe_weekly_picks', { token });
  if (error?.code === 'unsubscribe_token_invalid') return page(unsubscribePage(visitor, false, site), 404);
  if (error) return unavailable('weekly-picks-unsubscribe', 'unsubscribing', error);
  return page(unsubscribePage((data as { locale: string }).locale, true, site), 200);
});
