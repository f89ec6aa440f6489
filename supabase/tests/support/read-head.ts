import { JSDOM } from 'jsdom';

/** A page's <head> as a link previewer reads it: no JavaScript, only the tags. */
export interface PreviewHead {
  title: string;
  /** `name` or `property` → content, e.g. `og:image`, `twitter:card`, `description`. */
  meta: Record<string, string>;
  canonical: string | undefined;
  jsonLd: Record<string, any>[];
  preloadImage: { href: string; srcset: string | null; sizes: string | null } | undefined;
  pageData: { key: unknown[]; data: any } | undefined;
  /** The whole <head> as text, to check what must not be there. */
  text: string;
  /** The page's first screen: what the root element holds as sent (decision 0168); "" when none. */
  body: string;
}

export function readHead(html: string): PreviewHead {
  const { document } = new JSDOM(html).window;
  const meta: Record<string, string> = {};
  for (const m of document.head.querySelectorAll('meta[name], meta[property]')) {
    meta[m.getAttribute('property') ?? m.getAttribute('name')!] = m.getAttribute('content') ?? '';
  }
  const preload = document.head.querySelector('link[rel="preload"][as="image"]');
  const data = document.getElementById('page-data');
  return {
    title: document.title,
    meta,
    canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined,
    jsonLd: [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '')),
    preloadImage: preload
      ? { href: preload.getAttribute('href')!, srcset: preload.getAttribute('imagesrcset'), sizes: preload.getAttribute('imagesizes') }
      : undefined,
    pageData: data ? JSON.parse(data.textContent ?? '') : undefined,
    text: document.head.innerHTML,
    body: document.getElementById('root')?.innerHTML ?? '',
  };
}

/** The generic tags every page without a head of its own carries: nothing about any one page. */
export const GENERIC_TITLE = 'Gather — community events near you';
