// The app's shell around a page's first screen (AppLayout, SiteHeader and AccountNav as an
// anonymous visitor sees them), with the app's own classes, so its first render draws the same
// boxes over them (decision 0168). Every value is escaped by the caller's `text`/`attr`.
import { escapeHtml } from '../render-head.ts';
import type { ScreenWords } from './words.ts';

export const text = escapeHtml;
export const attr = escapeHtml;

const BUTTON = 'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&amp;_svg]:pointer-events-none [&amp;_svg]:size-4 [&amp;_svg]:shrink-0';
export const BUTTON_OUTLINE_SM = `${BUTTON} border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground h-9 px-3`;
export const BUTTON_PRIMARY = `${BUTTON} bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover h-10 px-4 py-2`;
const NAV_LINK = 'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium transition-colors';
const NAV_IDLE = `${NAV_LINK} text-muted-foreground hover:bg-accent hover:text-foreground`;
const NAV_ACTIVE = `${NAV_LINK} bg-secondary text-secondary-foreground`;

/** lucide icons as the app renders them (24×24 viewBox, stroke 2). */
const LUCIDE = 'xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"';
const PATHS = {
  'map-pin': '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"></path><circle cx="12" cy="10" r="3"></circle>',
  users: '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"></path><path d="M16 3.128a4 4 0 0 1 0 7.744"></path><path d="M22 21v-2a4 4 0 0 0-3-3.87"></path><circle cx="9" cy="7" r="4"></circle>',
  'log-in': '<path d="m10 17 5-5-5-5"></path><path d="M15 12H3"></path><path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4"></path>',
  'user-check': '<path d="m16 11 2 2 4-4"></path><path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"></path><circle cx="9" cy="7" r="4"></circle>',
};
export function icon(name: keyof typeof PATHS, className = ''): string {
  return `<svg ${LUCIDE} class="lucide lucide-${name}${className ? ` ${className}` : ''}">${PATHS[name]}</svg>`;
}

export function badge(label: string, tone: 'brand' | 'neutral', extra = ''): string {
  const colours = tone === 'brand' ? 'bg-secondary text-secondary-foreground' : 'bg-muted text-foreground';
  return `<span class="rounded-full px-2.5 py-0.5 font-medium text-sm ${colours}${extra ? ` ${extra}` : ''}">${label}</span>`;
}

/** AppLayout with its header for a signed-out visitor, and `main` (already HTML) in its <main>. */
export function shell(w: ScreenWords, path: string, main: string): string {
  const nav = ([['/', w.nav.discover], ['/groups', w.nav.groups], ['/events/new', w.nav.create]] as const)
    .map(([to, label]) => `<li><a href="${to}" data-discover="true" class="${to === path ? NAV_ACTIVE : NAV_IDLE}"${to === path ? ' aria-current="page"' : ''}>${text(label)}</a></li>`)
    .join('');
  return '<div class="flex min-h-dvh flex-col">' +
    `<a href="#main" class="sr-only rounded-md bg-background font-medium text-foreground shadow-lg focus:not-sr-only focus:fixed focus:start-4 focus:top-3 focus:z-50 focus:px-4 focus:py-2">${text(w.skip)}</a>` +
    '<div aria-live="polite"></div>' +
    '<header class="border-b border-border bg-background"><div class="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">' +
    '<a href="/" data-discover="true" class="inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-brand-700"><img src="/favicon.svg" alt="" width="28" height="28">Gather</a>' +
    `<nav aria-label="${attr(w.primary)}"><ul class="flex flex-wrap items-center gap-1">${nav}` +
    `<li class="ms-1"><a data-slot="button" href="/auth/sign-in" data-discover="true" class="${BUTTON_OUTLINE_SM} aria-[current=page]:bg-secondary aria-[current=page]:text-secondary-foreground">${text(w.nav.signIn)}</a></li>` +
    '</ul></nav></div></header>' +
    `<main id="main" tabindex="-1" aria-busy="false" class="mx-auto min-h-svh w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none">${main}</main>` +
    '</div>';
}
