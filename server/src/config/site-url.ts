// Where the app lives, for auth's redirects and every link in emails, feeds and files
// (decision 0319). A site_url the operator named (a flag, GATHER_SITE_URL, or config.toml naming
// another address) always wins. config.toml's template names the server itself on its own
// `[api] port` (http://127.0.0.1:54321): that means "this server", so it follows the port the
// server is actually started on (`npm start -- --port 8080`), and functions building a feed
// during a request use the address the request reached.

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface SiteUrlInput {
  siteUrl: string | undefined;
  /** Where siteUrl came from: 'config.toml', a flag or a variable's name. */
  source: string | undefined;
  /** `[api] port` in config.toml, when it names one. */
  tomlPort: unknown;
  /** The port the server is started on (0: any free port). */
  port: number;
}

/** The site URL to use, and whether it follows the server (true) or the operator set it. */
export function resolveSiteUrl({ siteUrl, source, tomlPort, port }: SiteUrlInput): { siteUrl: string | undefined; followsServer: boolean } {
  if (!siteUrl || source !== 'config.toml') return { siteUrl, followsServer: false };
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    return { siteUrl, followsServer: false }; // the schema reports it
  }
  const ownAddress = url.protocol === 'http:' && LOOPBACK.has(url.hostname) && url.pathname === '/' && !url.search &&
    tomlPort !== undefined && url.port === String(tomlPort);
  if (!ownAddress) return { siteUrl, followsServer: false };
  if (port === 0) return { siteUrl: undefined, followsServer: true }; // known once listening
  url.port = String(port);
  return { siteUrl: url.origin, followsServer: true };
}
