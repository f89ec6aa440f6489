// The app's shell around a page's first screen (AppLayout, SiteHeader and AccountNav as an
// anonymous visitor sees them), with the app's own classes, so its first render draws the same
// boxes over them (decision 0168). Every value is escaped by the caller's `text`/`attr`.
import { escapeHtml } from '../render-head.ts';
import type { ScreenWords } from './words.ts';

export const text = escapeHtml;
export const attr = escapeHtml;

export const BUTTON = 'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&amp;_svg]:pointer-events-none [&amp;_svg]:size-4 [&amp;_svg]:shrink-0';
export const BUTTON_OUTLINE_SM = `${BUTTON} border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground h-9 px-3`;
export const BUTTON_PRIMARY = `${BUTTON} bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover h-10 px-4 py-2`;
// web/src/app/header-link-class.ts: a row of the phone's menu, an inline link from 1024 px.
const NAV_LINK = 'flex h-11 w-full items-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors lg:inline-flex lg:h-9 lg:w-auto';
const BUTTON_GHOST_ICON = `${BUTTON} hover:bg-accent hover:text-accent-foreground size-10`;
const MENU_LIST = 'absolute inset-x-0 top-full z-40 flex-col gap-1 border-b border-border bg-background p-3 shadow-md lg:static lg:flex lg:flex-row lg:items-center lg:border-0 lg:p-0 lg:shadow-none';
const NAV_IDLE = `${NAV_LINK} text-muted-foreground hover:bg-accent hover:text-foreground`;
const NAV_ACTIVE = `${NAV_LINK} bg-secondary text-secondary-foreground`;

/** lucide icons as the app renders them (24×24 viewBox, stroke 2). */
const LUCIDE = 'xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"';
const PATHS = {
  'map-pin': '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"></path><circle cx="12" cy="10" r="3"></circle>',
  users: '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"></path><path d="M16 3.128a4 4 0 0 1 0 7.744"></path><path d="M22 21v-2a4 4 0 0 0-3-3.87"></path><circle cx="9" cy="7" r="4"></circle>',
  'log-in': '<path d="m10 17 5-5-5-5"></path><path d="M15 12H3"></path><path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4"></path>',
  'user-check': '<path d="m16 11 2 2 4-4"></path><path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"></path><circle cx="9" cy="7" r="4"></circle>',
  search: '<path d="m21 21-4.34-4.34"></path><circle cx="11" cy="11" r="8"></circle>',
  'sliders-horizontal': '<path d="M10 5H3"></path><path d="M12 19H3"></path><path d="M14 3v4"></path><path d="M16 17v4"></path><path d="M21 12h-9"></path><path d="M21 19h-5"></path><path d="M21 5h-7"></path><path d="M8 10v4"></path><path d="M8 12H3"></path>',
  'locate-fixed': '<line x1="2" x2="5" y1="12" y2="12"></line><line x1="19" x2="22" y1="12" y2="12"></line><line x1="12" x2="12" y1="2" y2="5"></line><line x1="12" x2="12" y1="19" y2="22"></line><circle cx="12" cy="12" r="7"></circle><circle cx="12" cy="12" r="3"></circle>',
  list: '<path d="M3 5h.01"></path><path d="M3 12h.01"></path><path d="M3 19h.01"></path><path d="M8 5h13"></path><path d="M8 12h13"></path><path d="M8 19h13"></path>',
  map: '<path d="M14.106 5.553a2 2 0 0 0 1.788 0l3.659-1.83A1 1 0 0 1 21 4.619v12.764a1 1 0 0 1-.553.894l-4.553 2.277a2 2 0 0 1-1.788 0l-4.212-2.106a2 2 0 0 0-1.788 0l-3.659 1.83A1 1 0 0 1 3 19.381V6.618a1 1 0 0 1 .553-.894l4.553-2.277a2 2 0 0 1 1.788 0z"></path><path d="M15 5.764v15"></path><path d="M9 3.236v15"></path>',
  'calendar-days': '<path d="M8 2v3"></path><path d="M16 2v3"></path><rect x="3" y="3" width="18" height="18" rx="2"></rect><path d="M3 9h18"></path><path d="M8 13h.01"></path><path d="M12 13h.01"></path><path d="M16 13h.01"></path><path d="M8 17h.01"></path><path d="M12 17h.01"></path><path d="M16 17h.01"></path>',
  menu: '<path d="M4 5h16"></path><path d="M4 12h16"></path><path d="M4 19h16"></path>',
  repeat: '<path d="m17 2 4 4-4 4"></path><path d="M3 11v-1a4 4 0 0 1 4-4h14"></path><path d="m7 22-4-4 4-4"></path><path d="M21 13v1a4 4 0 0 1-4 4H3"></path>',
  ticket: '<path d="M2 9a3 3 0 0 1 0 6v2a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-2a3 3 0 0 1 0-6V7a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2Z"></path><path d="M13 5v2"></path><path d="M13 17v2"></path><path d="M13 11v2"></path>',
  'monitor-play': '<path d="M15.033 9.44a.647.647 0 0 1 0 1.12l-4.065 2.352a.645.645 0 0 1-.968-.56V7.648a.645.645 0 0 1 .967-.56z"></path><path d="M12 17v4"></path><path d="M8 21h8"></path><rect x="2" y="3" width="20" height="14" rx="2"></rect>',
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
    '<header data-first-screen-later="site-header" class="relative border-b border-border bg-background"><div class="mx-auto flex max-w-5xl items-center justify-between gap-x-4 px-4 py-3">' +
    '<a href="/" data-discover="true" class="inline-flex shrink-0 items-center gap-2 rounded-md text-xl font-bold tracking-tight text-brand-700"><img src="/favicon.svg" alt="" width="28" height="28">Gather</a>' +
    `<nav aria-label="${attr(w.primary)}" class="flex min-w-0 items-center gap-1">` +
    `<ul id="site-menu" class="${MENU_LIST} hidden">${nav}</ul>` +
    `<ul class="flex items-center gap-1"><li class="ms-1"><a data-slot="button" href="/auth/sign-in" data-discover="true" class="${BUTTON_OUTLINE_SM} aria-[current=page]:bg-secondary aria-[current=page]:text-secondary-foreground">${text(w.nav.signIn)}</a></li></ul>` +
    // The menu opens once the app runs (a task after its first render); the button is there so nothing moves.
    `<button type="button" class="${BUTTON_GHOST_ICON} lg:hidden" aria-expanded="false" aria-controls="site-menu">${icon('menu')}<span class="sr-only">${text(w.menu)}</span></button>` +
    // Without JavaScript that button opens nothing: a checkbox labelled Menu stands in for it
    // (parsed only when scripts are off) and shows the list under the header while ticked.
    '<noscript><style>header button[aria-controls="site-menu"]{display:none}nav:has(#site-menu-toggle:checked) #site-menu{display:flex}</style>' +
    `<input type="checkbox" id="site-menu-toggle" class="peer sr-only"><label for="site-menu-toggle" class="${BUTTON_GHOST_ICON} cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring lg:hidden">${icon('menu')}<span class="sr-only">${text(w.menu)}</span></label></noscript>` +
    '</nav></div></header>' +
    `<main id="main" tabindex="-1" aria-busy="false" class="mx-auto min-h-svh w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none">${main}</main>` +
    '</div>';
}
