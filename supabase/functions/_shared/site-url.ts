// Where the web app lives, for links in emails, feeds and files (decision 0319): the SITE_URL
// secret when the operator set one (gather-server passes an explicit `[auth] site_url`; hosted
// Supabase: `supabase secrets set SITE_URL=https://…`); else the address the request reached,
// which on gather-server serves the app too; else (no request from outside, e.g. a webhook) the
// API's own origin, which gather-server gives as the address it listens on.
type Env = { get(name: string): string | undefined };

const trim = (url: string) => url.replace(/\/+$/, '');

export function siteUrl(env: Env, req?: Request): string {
  const set = env.get('SITE_URL');
  if (set) return trim(set);
  if (req) return new URL(req.url).origin;
  return trim(new URL(env.get('SUPABASE_URL') ?? 'http://127.0.0.1:54321').origin);
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/**
 * This request's public address, for a link to itself (an RSS feed's rel=self): functions see
 * their path without `/functions/v1`. Hosted Supabase's SUPABASE_URL is the public API; on
 * gather-server it is loopback, and the request's own origin is the public one.
 */
export function ownUrl(env: Env, req: Request): string {
  const url = new URL(req.url);
  const api = env.get('SUPABASE_URL');
  const base = api && !LOOPBACK.test(new URL(api).hostname) ? trim(api) : url.origin;
  return `${base}/functions/v1${url.pathname}${url.search}`;
}
