// Push settings from the functions' secrets: the operator's VAPID keys (RFC 8292), read by `push`
// to sign and by `push-key` to hand the public one to browsers (decision 0335), and which push
// services may be posted to. No import of web-push: `push-key` stays small.

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The operator's VAPID keys (supabase/functions/.env or `supabase secrets set`), or undefined
 * when push is not set up. The subject says who sends: a mailto: or https: address; SITE_URL
 * when it is https, else a mailto: at the site's host.
 */
export function vapidConfig(env: { get(name: string): string | undefined }): VapidConfig | undefined {
  const publicKey = env.get('VAPID_PUBLIC_KEY')?.trim();
  const privateKey = env.get('VAPID_PRIVATE_KEY')?.trim();
  if (!publicKey || !privateKey) return undefined;
  const site = env.get('SITE_URL');
  const fallback = site?.startsWith('https://') ? new URL(site).origin : `mailto:push@${site ? new URL(site).hostname : 'localhost'}`;
  return { publicKey, privateKey, subject: env.get('VAPID_SUBJECT')?.trim() || fallback };
}

/**
 * The push services Gather posts to: the browsers' own (Chrome/FCM, Firefox, Safari, Edge).
 * An endpoint is a URL a browser handed over, so it is never fetched unless it is one of these:
 * the function cannot be turned into a way to call other hosts. PUSH_SERVICE_ORIGINS (comma-
 * separated origins) replaces the list (a self-hosted push service; the tests' double).
 */
const BROWSER_PUSH_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

export function pushServiceAllowed(endpoint: string, configured: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (configured?.trim()) return configured.split(',').map((o) => o.trim().replace(/\/$/, '')).includes(url.origin);
  return url.protocol === 'https:' && BROWSER_PUSH_HOSTS.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));
}
