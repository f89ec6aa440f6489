// A page's <head> tags as HTML: title, description, canonical, Open Graph, Twitter card,
// JSON-LD, an image preload and inline page data. Every value is escaped here, once.
import { PAGE_DATA_ID } from '../_shared/page-contract.ts';
import { alternateOgLocales, headMessages, type HeadLocale } from './i18n/index.ts';

export const SITE_NAME = 'Gather';

export interface PageImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  type?: string;
}

export interface PageMeta {
  /** The language of Gather's own words in it (og:locale, with the other languages as alternates). */
  locale: HeadLocale;
  /** The page's own title; <title> gets " · Gather" as the app's usePageTitle writes it. */
  title: string;
  description: string;
  /** Absolute; also og:url. */
  canonical: string;
  ogType: 'website' | 'profile';
  image: PageImage;
  jsonLd?: Record<string, unknown>[];
  /** Shared by link but not for search engines (unlisted events). */
  noindex?: boolean;
  /** The page's largest image, fetched while the HTML is parsed (the same srcset the page uses). */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
  /** Query data the app can show before its own request returns. */
  data?: { key: unknown[]; value: unknown };
  /** The page's first screen as the app draws it, for the root element (decision 0168). */
  body?: string;
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON that is safe inside <script>: no `</script>`, no comment openers, no line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;

/** og:locale and og:locale:alternate. */
function localeTags(locale: HeadLocale): string[] {
  return [
    meta('property', 'og:locale', headMessages(locale).ogLocale),
    ...alternateOgLocales(locale).map((l) => meta('property', 'og:locale:alternate', l)),
  ];
}

/**
 * The site's own tags (index.html's, in the page's language), for pages that have nothing of
 * their own to say (or may not say it).
 */
export function genericHead(siteImage: PageImage, locale: HeadLocale, noindex = false): string {
  const m = headMessages(locale);
  return [
    `<title>${escapeHtml(m.siteTitle)}</title>`,
    meta('name', 'description', m.siteDescription),
    noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', m.siteTitle),
    meta('property', 'og:description', m.siteDescription),
    meta('property', 'og:image', siteImage.url),
    meta('property', 'og:image:width', String(siteImage.width)),
    meta('property', 'og:image:height', String(siteImage.height)),
    meta('property', 'og:image:alt', siteImage.alt),
    ...localeTags(locale),
    meta('name', 'twitter:card', 'summary_large_image'),
  ].join('');
}

export function renderHead(p: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(`${p.title} · ${SITE_NAME}`)}</title>`,
    meta('name', 'description', p.description),
    p.noindex ? meta('name', 'robots', 'noindex') : '',
    `<link rel="canonical" href="${escapeHtml(p.canonical)}">`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', p.ogType),
    meta('property', 'og:title', p.title),
    meta('property', 'og:description', p.description),
    meta('property', 'og:url', p.canonical),
    meta('property', 'og:image', p.image.url),
    p.image.type ? meta('property', 'og:image:type', p.image.type) : '',
    meta('property', 'og:image:width', String(p.image.width)),
    meta('property', 'og:image:height', String(p.image.height)),
    meta('property', 'og:image:alt', p.image.alt),
    ...localeTags(p.locale),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', p.title),
    meta('name', 'twitter:description', p.description),
    meta('name', 'twitter:image', p.image.url),
    meta('name', 'twitter:image:alt', p.image.alt),
  ];
  if (p.preloadImage) {
    const { href, srcset, sizes } = p.preloadImage;
    tags.push(
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(href)}"` +
        (srcset ? ` imagesrcset="${escapeHtml(srcset)}"` : '') +
        (sizes ? ` imagesizes="${escapeHtml(sizes)}"` : '') +
        '>',
    );
  }
  for (const ld of p.jsonLd ?? []) tags.push(`<script type="application/ld+json">${scriptJson(ld)}</script>`);
  if (p.data) tags.push(`<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson({ key: p.data.key, data: p.data.value })}</script>`);
  return tags.join('');
}

/** A one-line summary of Markdown for descriptions: markup and line breaks gone, cut at a word. */
export function plainSummary(markdown: string, max = 160): string {
  const flat = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_#>`~[\]|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length).trimEnd()}…`;
}
