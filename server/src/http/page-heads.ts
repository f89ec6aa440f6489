import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';

/**
 * `<web>/_head.json`, written by the web build: which server function supplies the <head> of
 * which pages, and the chunks each page needs. The server knows nothing of the app's pages; it
 * only asks the function and splices the answer into index.html.
 */
const headConfigSchema = z.object({
  /** A function in the project's `functions/` folder, called as GET ?path=…&origin=…. */
  function: z.string().regex(/^[A-Za-z0-9_-]+$/),
  /** Seconds a page's head is reused before the function is asked again. */
  maxAge: z.number().int().min(0).max(3600).default(60),
  /** First match wins. `*` is one path segment; `head: false` leaves matching pages alone. */
  routes: z.array(
    z.object({
      pattern: z.string().startsWith('/'),
      head: z.boolean().default(true),
      /** Chunks to fetch while the HTML is parsed (`<link rel="modulepreload">`). */
      preload: z.array(z.string().startsWith('/')).default([]),
    }),
  ),
});
export type HeadConfig = z.output<typeof headConfigSchema>;

/** index.html's generic tags sit between these; a page's own head replaces them. */
const START = '<!-- page-head -->';
const END = '<!-- /page-head -->';
/** index.html's root element holds these; a page's first screen goes between them (decision 0168). */
const BODY_START = '<!-- page-body -->';
const BODY_END = '<!-- /page-body -->';
/** A function's answer beyond these sizes is not used (the page keeps its generic parts). */
const MAX_HEAD_CHARS = 256 * 1024;
const MAX_BODY_CHARS = 128 * 1024;
const FUNCTION_TIMEOUT_MS = 3000;
const MAX_ENTRIES = 1000;

export function readHeadConfig(dir: string): HeadConfig | undefined {
  const file = join(dir, '_head.json');
  if (!existsSync(file)) return undefined;
  const parsed = headConfigSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`--web: ${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

function matches(pattern: string, path: string): boolean {
  const p = pattern.split('/');
  const s = path.split('/');
  return p.length === s.length && p.every((seg, i) => seg === '*' ? s[i] !== '' : seg === s[i]);
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** What the page's function answers: head tags, the first screen's markup, their language. */
interface FunctionAnswer {
  head: string;
  body: string;
  lang?: string;
}

interface Page {
  html: string;
  etag: string;
  expires: number;
  encoded: Map<string, Buffer>;
}

/**
 * Without the page's module preloads: a page that paints from its HTML fetches its code after
 * that paint (its entry waits for the load event), and a preload would fetch it before.
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '');
}

/** A BCP 47 tag, as a function may name its head's language. */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;

/** The writing direction of a language tag ("rtl" for Arabic, Hebrew, …), for `<html dir>`. */
export function directionOf(lang: string): 'ltr' | 'rtl' {
  try {
    const locale = new Intl.Locale(lang) as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } };
    return (locale.getTextInfo?.() ?? locale.textInfo)?.direction === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

/**
 * `<html>` with the head's language and its direction: the first screen is drawn in it before
 * the app, which sets both again when it starts.
 */
export function inLanguage(html: string, lang: string): string {
  const set = (tag: string, name: string, value: string) => {
    const attr = new RegExp(`\\s${name}="[^"]*"`);
    return attr.test(tag) ? tag.replace(attr, ` ${name}="${value}"`) : tag.replace(/>$/, ` ${name}="${value}">`);
  };
  return html.replace(/<html\b[^>]*>/, (tag) => set(set(tag, 'lang', lang), 'dir', directionOf(lang)));
}

/** The reader's Accept-Language, bounded (it is part of a cache key and goes to the function). */
function languageOf(req: FastifyRequest): string {
  const given = req.headers['accept-language'];
  return (Array.isArray(given) ? given.join(',') : (given ?? '')).trim().slice(0, 200);
}

/**
 * The app's index.html for a page request, with that page's own <head> when `_head.json`
 * names a function for it: asked once per page per `maxAge` (the cache is per instance and
 * short, so an edited event shows within a minute), as the anon role, so only what anyone may
 * see can ever reach the HTML. A slow or failing function costs the page its own tags, never
 * the page itself.
 */
export class PageShell {
  private readonly cache = new Map<string, Page>();
  private template = '';
  private templateMtime = 0;
  private readonly dir: string;
  private readonly config: HeadConfig | undefined;
  private readonly app: FastifyInstance;
  private readonly anonKey: string;

  constructor(app: FastifyInstance, dir: string, anonKey: string) {
    this.app = app;
    this.dir = dir;
    this.anonKey = anonKey;
    this.config = readHeadConfig(dir);
  }

  /** index.html, re-read when a new build replaces it. */
  private indexHtml(): string {
    const file = join(this.dir, 'index.html');
    const mtime = statSync(file).mtimeMs;
    if (mtime !== this.templateMtime) {
      this.template = readFileSync(file, 'utf8');
      this.templateMtime = mtime;
      this.cache.clear();
    }
    return this.template;
  }

  async send(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const page = await this.page(req);
    // The function may write its own words in the reader's language (Accept-Language).
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Accept-Language');
    reply.header('etag', page.etag);
    if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    if (!encoding) return reply.send(page.html);
    let body = page.encoded.get(encoding);
    if (!body) {
      body = encoding === 'br'
        ? brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(page.html);
      page.encoded.set(encoding, body);
    }
    return reply.header('content-encoding', encoding).send(body);
  }

  private async page(req: FastifyRequest): Promise<Page> {
    const template = this.indexHtml();
    const url = new URL(req.url, 'http://x');
    const route = this.config?.routes.find((r) => matches(r.pattern, url.pathname));
    if (!this.config || !route) return this.build(template, { head: '', body: '' }, []);
    const origin = `${req.protocol}://${req.host}`;
    const language = languageOf(req);
    // Per language as the browser says it: a head may be in the reader's language (decision 0208).
    const key = `${origin}${url.pathname}${url.search} ${language}`;
    const cached = this.cache.get(key);
    if (cached && cached.expires > Date.now()) return cached;
    const answer = route.head ? await this.askFunction(this.config.function, `${url.pathname}${url.search}`, origin, language, req) : { head: '', body: '' };
    const page = this.build(template, answer ?? { head: '', body: '' }, route.preload);
    // A failed answer is retried soon rather than pinned for the whole maxAge.
    page.expires = Date.now() + (answer === null ? 5 : this.config.maxAge) * 1000;
    this.cache.delete(key);
    this.cache.set(key, page);
    if (this.cache.size > MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    return page;
  }

  /**
   * `lang`: the language the head's words are in, for `<html lang>` (what a previewer or crawler
   * reads). `body`: the page's first screen, put inside the root element for the app to replace.
   */
  private build(template: string, { head, body, lang }: FunctionAnswer, preload: string[]): Page {
    let html = template;
    if (lang && LANGUAGE_TAG.test(lang)) html = inLanguage(html, lang);
    const links = body ? '' : preload.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`).join('');
    const start = html.indexOf(START);
    const end = html.indexOf(END);
    if (start >= 0 && end > start) {
      html = html.slice(0, start) + (head || html.slice(start + START.length, end)) + html.slice(end + END.length);
    } else if (head) {
      html = html.replace('</head>', `${head}</head>`);
    }
    // After the entry's own (the page's chunks import them), and after the stylesheet.
    if (links) html = html.replace('</head>', `${links}</head>`);
    const bodyStart = html.indexOf(BODY_START);
    const bodyEnd = html.indexOf(BODY_END);
    if (bodyStart >= 0 && bodyEnd > bodyStart) {
      html = html.slice(0, bodyStart) + (body || html.slice(bodyStart + BODY_START.length, bodyEnd)) + html.slice(bodyEnd + BODY_END.length);
      // The page paints from its HTML: its code is needed after that, so the stylesheet and the
      // page's images have a phone's bandwidth to themselves (decisions 0168, 0195).
      if (body) html = withoutModulePreloads(html);
    }
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    return { html, etag, expires: 0, encoded: new Map() };
  }

  /**
   * The function's `{ head, body }` for a page ("" = keep the generic tags; no first screen), or
   * null when it fails or is slow. Each part is the function's own HTML, used as given (the
   * function escapes what it writes); one beyond its size bound is left out.
   */
  private async askFunction(
    name: string, path: string, origin: string, language: string, req: FastifyRequest,
  ): Promise<FunctionAnswer | null> {
    const query = new URLSearchParams({ path, origin });
    try {
      const res = await Promise.race([
        this.app.inject({
          method: 'GET',
          url: `/functions/v1/${name}?${query}`,
          // Always as anon: the HTML is the same for everyone, so it may show only public things.
          headers: { apikey: this.anonKey, authorization: `Bearer ${this.anonKey}`, ...(language ? { 'accept-language': language } : {}) },
        }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), FUNCTION_TIMEOUT_MS).unref()),
      ]);
      if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}`);
      const { head, body, lang } = res.json() as { head?: unknown; body?: unknown; lang?: unknown };
      return {
        head: typeof head === 'string' && head.length <= MAX_HEAD_CHARS ? head : '',
        body: typeof body === 'string' && body.length <= MAX_BODY_CHARS ? body : '',
        lang: typeof lang === 'string' ? lang : undefined,
      };
    } catch (err) {
      req.log.warn({ err, fn: name, path }, 'web: page head function failed; serving the generic head');
      return null;
    }
  }
}
