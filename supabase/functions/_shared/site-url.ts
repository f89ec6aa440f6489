// Where the web app lives, for links in emails and calendar files: the SITE_URL secret
// (gather-server sets it from [auth] site_url; on hosted Supabase: `supabase secrets set
// SITE_URL=https://…`), else the API's own origin, which is the app on gather-server.
export function siteUrl(env: { get(name: string): string | undefined }): string {
  const url = env.get('SITE_URL') || new URL(env.get('SUPABASE_URL') ?? 'http://127.0.0.1:54321').origin;
  return url.replace(/\/+$/, '');
}
