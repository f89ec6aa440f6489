// Pages that unfurl on a static host in front of hosted Supabase: what gather-server does for
// `web/dist` (server/src/http/page-heads.ts), as one web-standard handler for an edge runtime —
// Cloudflare Pages (`functions/_middleware.ts`), Netlify Edge Functions, Vercel Middleware,
// Deno Deploy. It reads the build's `_head.json`, asks the page-head function on the Supabase
// project as anon, and splices the answer into index.html: the head, and the first screen into the root element
// (decision 0168). Decision 0161 shows the wiring.

type HeadRoute = { pattern: string; head: boolean; preload: string[] };
type HeadConfig = { function: string; maxAge: number; routes: HeadRoute[] };

export type PageHeadOptions = {
  /** `https://<ref>.supabase.co` and its anon (or publishable) key. */
  supabaseUrl: string;
  anonKey: string;
  /** The static file for a path: the host's own asset fetch (e.g. `env.ASSETS.fetch`). */
  asset: (path: string) => Promise<Response>;
};

const START = "<!-- page-head -->";
const END = "<!-- /page-head -->";
/** The root element's first screen sits between these (decision 0168). */
const BODY_START = "<!-- page-body -->";
const BODY_END = "<!-- /page-body -->";
/** A function's part beyond these sizes is left out, as gather-server does. */
const MAX_HEAD_CHARS = 256 * 1024;
const MAX_BODY_CHARS = 128 * 1024;
let config: Promise<HeadConfig | null> | undefined;

function matches(pattern: string, path: string): boolean {
  const p = pattern.split("/");
  const s = path.split("/");
  return p.length === s.length && p.every((seg, i) => (seg === "*" ? s[i] !== "" : seg === s[i]));
}

/** `<html>` with the head's language and its direction ("rtl" for Arabic, Hebrew, …), as gather-server sets them. */
function inLanguage(html: string, lang: string): string {
  let dir = "ltr";
  try {
    const locale = new Intl.Locale(lang) as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } };
    if ((locale.getTextInfo?.() ?? locale.textInfo)?.direction === "rtl") dir = "rtl";
  } catch {
    // Not a tag Intl knows: left to right.
  }
  const set = (tag: string, name: string, value: string) => {
    const attr = new RegExp(`\\s${name}="[^"]*"`);
    return attr.test(tag) ? tag.replace(attr, ` ${name}="${value}"`) : tag.replace(/>$/, ` ${name}="${value}">`);
  };
  return html.replace(/<html\b[^>]*>/, (tag) => set(set(tag, "lang", lang), "dir", dir));
}

const attr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The page for a navigation request, with its own head; null when the request is not for a page
 * this handler serves (let the host answer it: assets, API paths, files).
 */
export async function pageWithHead(request: Request, opts: PageHeadOptions): Promise<Response | null> {
  const url = new URL(request.url);
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (/\.[A-Za-z0-9]+$/.test(url.pathname.slice(url.pathname.lastIndexOf("/")))) return null;
  config ??= opts.asset("/_head.json").then((r) => (r.ok ? (r.json() as Promise<HeadConfig>) : null), () => null);
  const cfg = await config;
  const route = cfg?.routes.find((r) => matches(r.pattern, url.pathname));
  const index = await opts.asset("/index.html");
  if (!cfg || !route || !index.ok) return index;
  let html = await index.text();
  let head = "";
  let body = "";
  let lang: string | undefined;
  if (route.head) {
    const q = new URLSearchParams({ path: url.pathname + url.search, origin: url.origin });
    try {
      const res = await fetch(`${opts.supabaseUrl}/functions/v1/${cfg.function}?${q}`, {
        // The head's own words follow the reader's language (decision 0208).
        headers: {
          apikey: opts.anonKey,
          authorization: `Bearer ${opts.anonKey}`,
          ...(request.headers.get("accept-language") ? { "accept-language": request.headers.get("accept-language")! } : {}),
        },
        signal: AbortSignal.timeout(3000),
      });
      if (res.ok) {
        const answer = (await res.json()) as { head?: unknown; body?: unknown; lang?: unknown };
        if (typeof answer.head === "string" && answer.head.length <= MAX_HEAD_CHARS) head = answer.head;
        if (typeof answer.body === "string" && answer.body.length <= MAX_BODY_CHARS) body = answer.body;
        if (typeof answer.lang === "string") lang = answer.lang;
      }
    } catch {
      // A slow or failing function costs the page its own tags, never the page.
    }
  }
  // <html lang> says the language of the head's words, for previewers and crawlers (decision 0208).
  if (lang && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/.test(lang)) html = inLanguage(html, lang);
  const links = route.preload.map((href) => `<link rel="modulepreload" crossorigin href="${attr(href)}">`).join("");
  const start = html.indexOf(START);
  const end = html.indexOf(END);
  if (start >= 0 && end > start) {
    html = html.slice(0, start) + (head || html.slice(start + START.length, end)) + html.slice(end + END.length);
  }
  // After the entry's own preloads and the stylesheet; none for a page that paints from its HTML.
  if (links && !body) html = html.replace("</head>", `${links}</head>`);
  // The page's first screen, painted from the HTML; the app replaces it when it renders.
  const bodyStart = html.indexOf(BODY_START);
  const bodyEnd = html.indexOf(BODY_END);
  if (bodyStart >= 0 && bodyEnd > bodyStart) {
    html = html.slice(0, bodyStart) + (body || html.slice(bodyStart + BODY_START.length, bodyEnd)) + html.slice(bodyEnd + BODY_END.length);
    // Its code is fetched after the paint (its entry waits for the load event; decision 0195).
    if (body) html = html.replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, "");
  }
  return new Response(request.method === "HEAD" ? null : html, {
    headers: {
      ...Object.fromEntries(await pageHeaders(opts, index.headers)),
      "content-type": "text/html; charset=utf-8",
      // Shared caches may keep it as long as the function's own answer is fresh.
      "cache-control": `public, max-age=0, s-maxage=${cfg.maxAge}`,
      vary: "Accept-Language",
    },
  });
}

let securityHeaders: Promise<[string, string][]> | undefined;
const SECURITY_HEADERS = ["content-security-policy", "referrer-policy", "x-content-type-options", "permissions-policy"];

/**
 * The build's `_headers` for `/*` (CSP, Referrer-Policy, …; decision 0099). Hosts apply that
 * file to their static files, but a response made here is not one and may get nothing from
 * it, so the page carries them itself.
 */
async function pageHeaders(opts: PageHeadOptions, fromHost: Headers): Promise<[string, string][]> {
  // What the host already put on index.html from the file, else the file itself.
  const given = SECURITY_HEADERS.flatMap((name): [string, string][] => (fromHost.has(name) ? [[name, fromHost.get(name)!]] : []));
  if (given.length > 0) return given;
  securityHeaders ??= opts.asset("/_headers").then(
    async (r) => {
      if (!r.ok) return [];
      const out: [string, string][] = [];
      let inAll = false;
      for (const line of (await r.text()).split(/\r?\n/)) {
        if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
        if (!/^\s/.test(line)) inAll = line.trim() === "/*";
        else if (inAll) {
          const m = /^\s+([A-Za-z0-9-]+)\s*:\s*(.*\S)\s*$/.exec(line);
          if (m) out.push([m[1]!.toLowerCase(), m[2]!]);
        }
      }
      return out;
    },
    () => [],
  );
  return securityHeaders;
}
