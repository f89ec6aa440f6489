// Discover's first screen (`/` with the default filters), as the app draws it for an anonymous
// visitor on its first render (DiscoverPage, FilterBar, MoreFilters, DistanceFilter, ViewSwitcher,
// EventListView, EventCard): the same elements, classes, words and card covers, so the app's first
// render lands on the same boxes (decision 0169). Every value is escaped here.
import { currencyExponent } from '../../_shared/currency-exponent.ts';
import { CARD_COVER, DISCOVER_COUNT_CAP, renditionUrl, srcSet } from '../../_shared/page-contract.ts';
import { distanceUnitFor, KM_PER_MILE, regionalTag } from '../../_shared/regional-format.ts';
import { utcOffsetLabel } from '../../_shared/zoned-time.ts';
import type { HeadLocale } from '../i18n/index.ts';
import { attr, BUTTON, icon, shell, text } from './markup.ts';
import { SCREEN_WORDS, type DiscoverWords } from './words.ts';

export interface DiscoverCard {
  id: string; slug: string; title: string; category: string; starts_at: string; timezone: string;
  venue_name: string | null; is_online: boolean; capacity: number | null; waitlist_enabled: boolean; cover_path: string | null;
  more_dates?: number | null;
  currency?: string; price_from?: number | null; tickets_sold_out?: boolean;
  event_stats: { spots_left: number | null; going_count: number } | { spots_left: number | null; going_count: number }[] | null;
}

export interface DiscoverScreenOptions {
  api: string;
  locale: HeadLocale;
  /** The tag the app gives Intl (its `formatLocaleFor`): the reader's regional variant of the language. */
  formatLocale: string;
  category(c: string): string;
}

/** The app's Intl tag for the reader (its `formatLocaleFor`), from their Accept-Language. */
export function formatLocaleFor(locale: HeadLocale, acceptLanguage: string | null): string {
  return regionalTag(locale, (acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]!.trim()).filter(Boolean));
}

/** web/src/lib/i18n/format.ts formatRadius: whole kilometres, or miles where roads are in miles. */
function formatRadius(km: number, tag: string): string {
  const mile = distanceUnitFor(tag) === 'mile';
  return new Intl.NumberFormat(tag, { style: 'unit', unit: mile ? 'mile' : 'kilometer', maximumFractionDigits: 0 })
    .format(mile ? Math.round(km / KM_PER_MILE) : km);
}

/** web/src/lib/datetime.ts formatEventStart: "Wed, Nov 25 · 7:00 PM UTC+1", in the event's own zone (decision 0301). */
export function formatEventStart(iso: string, zone: string, tag: string): string {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat(tag, { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat(tag, { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(at);
  return `${day} · ${time} ${utcOffsetLabel(at, zone)}`;
}

type Count = (one: boolean, n: string) => string;
function plural(words: Count, n: number, tag: string): string {
  return words(new Intl.PluralRules(tag).select(n) === 'one', new Intl.NumberFormat(tag).format(n));
}

/** "20 events", or past the count's cap "1,000+ events" (event-list-view.tsx). */
function countLine(w: DiscoverWords, page: { total: number; capped?: boolean }, tag: string): string {
  return page.capped ? w.count(false, `${new Intl.NumberFormat(tag).format(DISCOVER_COUNT_CAP)}+`) : plural(w.count, page.total, tag);
}

/** spots-label.ts: "12 spots left", "Full · waitlist open", "Full", or how many are going when unlimited. */
function spotsLabel(e: DiscoverCard, w: DiscoverWords, tag: string): string {
  const stats = Array.isArray(e.event_stats) ? e.event_stats[0] : e.event_stats;
  const left = stats?.spots_left ?? null;
  if (e.capacity === null || left === null) {
    const going = stats?.going_count ?? 0;
    return going > 0 ? plural(w.going, going, tag) : w.openToAll;
  }
  if (left > 0) return plural(w.spotsLeft, left, tag);
  return e.waitlist_enabled ? w.fullWaitlist : w.full;
}

/** price-label.ts: "Free", "From €5" (the reader's Intl tag, whole amounts without decimals), "Sold out", or nothing. */
function priceLabel(e: DiscoverCard, w: DiscoverWords, tag: string): string | null {
  if (e.tickets_sold_out) return w.soldOut;
  if (e.price_from == null) return null;
  if (e.price_from === 0 || !e.currency) return w.free;
  const code = e.currency.toUpperCase();
  const major = e.price_from / 10 ** currencyExponent(code);
  const digits = Number.isInteger(major) ? 0 : currencyExponent(code);
  return w.from(new Intl.NumberFormat(tag, { style: 'currency', currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(major));
}

const BUTTON_OUTLINE = `${BUTTON} border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground h-10 px-4 py-2`;
const BUTTON_DEFAULT = `${BUTTON} bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover h-10 px-4 py-2`;
const INPUT = 'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-red-600 sm:text-sm';
const SELECT = 'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm disabled:opacity-50 sm:text-sm';
const LABEL = 'text-sm font-medium leading-none';
const CATEGORIES = ['arts', 'books', 'career', 'community', 'food', 'games', 'health', 'music', 'outdoors', 'tech', 'other'];
const RADII = [5, 10, 25, 50, 100];
const ID = 'discover-first';

function label(forId: string, words: string, extra = ''): string {
  return `<label data-slot="label" for="${forId}" class="${LABEL}${extra ? ` ${extra}` : ''}">${text(words)}</label>`;
}

/**
 * FilterBar with the default filters, both ways: the phone's "Filters" button (the app draws it
 * below 640 px) and the wide form's fields (MoreFilters, from 640 px), each hidden by CSS where the
 * app would not draw it, since the server cannot know the width. The app's render drops the other.
 * Inert (the same look, no input) until the app draws its own, a task after its first render
 * (`data-first-screen-later`, decision 0248).
 */
function filterBar(w: DiscoverWords, o: DiscoverScreenOptions): string {
  const search = `<form role="search" aria-label="${attr(w.events)}" class="flex gap-2">` +
    label(`${ID}-q`, w.searchLabel, 'sr-only') +
    `<input type="search" data-slot="input" id="${ID}-q" name="q" value="" placeholder="${attr(w.searchPlaceholder)}" maxlength="200" class="${INPUT}">` +
    `<button data-slot="button" type="submit" class="${BUTTON_DEFAULT}">${icon('search')}<span class="sr-only sm:not-sr-only">${text(w.search)}</span></button>` +
    '</form>';
  const phone = `<button data-slot="button" type="button" aria-haspopup="dialog" aria-expanded="false" data-state="closed" class="${BUTTON_OUTLINE} w-full sm:hidden">` +
    `${icon('sliders-horizontal')}${text(w.filters)}</button>`;
  const options = (values: readonly string[], labels: readonly string[], selected: string) =>
    values.map((v, i) => `<option value="${attr(v)}"${v === selected && i > 0 ? ' selected' : ''}>${text(labels[i]!)}</option>`).join('');
  const field = (id: string, name: string, select: string) => `<div class="flex flex-col gap-2">${label(id, name)}${select}</div>`;
  const fields = '<div class="grid grid-cols-1 gap-4 sm:grid-cols-3 sm:items-end lg:grid-cols-4">' +
    field(`${ID}-category`, w.category, `<select data-slot="select" id="${ID}-category" class="${SELECT}">${options(['', ...CATEGORIES], [w.allCategories, ...CATEGORIES.map(o.category)], '')}</select>`) +
    field(`${ID}-when`, w.when, `<select data-slot="select" id="${ID}-when" class="${SELECT}">${options(['any', 'today', 'week', 'weekend', 'dates'], w.whenOptions, 'any')}</select>`) +
    `<label class="flex h-10 items-center gap-2 text-sm font-medium"><input type="checkbox" class="size-4 accent-brand-700">${text(w.onlineOnly)}</label>` +
    '</div>';
  const place = '<div class="flex flex-col gap-2"><form class="flex flex-col gap-2">' + label(`${ID}-place`, w.nearPlace) +
    `<div class="flex gap-2"><input type="search" data-slot="input" id="${ID}-place" placeholder="${attr(w.placePlaceholder)}" minlength="2" maxlength="120" autocomplete="off" class="${INPUT}">` +
    `<button data-slot="button" type="submit" disabled="" class="${BUTTON_OUTLINE}">${text(w.find)}</button></div></form>` +
    '<p role="status" class="text-sm text-muted-foreground empty:hidden"></p></div>';
  const radius = field(`${ID}-radius`, w.distance,
    `<select data-slot="select" id="${ID}-radius" disabled="" aria-describedby="${ID}-radius-hint" class="${SELECT}">` +
    options(RADII.map(String), RADII.map((km) => w.within(formatRadius(km, o.formatLocale))), '25') + '</select>' +
    `<p id="${ID}-radius-hint" class="text-xs text-muted-foreground">${text(w.pickPlace)}</p>`);
  const distance = '<div class="flex flex-col gap-3"><div class="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start">' +
    place + radius +
    `<button data-slot="button" type="button" class="${BUTTON_OUTLINE} sm:mt-6">${icon('locate-fixed')}${text(w.useLocation)}</button>` +
    '</div></div>';
  const wide = `<div class="hidden flex-col gap-4 sm:flex">${fields}${distance}</div>`;
  // `inert` until the app draws its own: what is typed or picked here would be lost when it does.
  return `<div inert data-first-screen-later="filter-bar" class="flex flex-col gap-3 sm:gap-4 sm:rounded-xl sm:border sm:border-border sm:bg-card sm:p-4">${search}${phone}${wide}</div>`;
}

function viewSwitcher(w: DiscoverWords): string {
  const VIEW = 'inline-flex flex-1 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors sm:flex-none';
  const views = [['/', 'list', w.list], ['/?view=map', 'map', w.map], ['/?view=calendar', 'calendar-days', w.calendar]] as const;
  return `<nav aria-label="${attr(w.views)}" data-first-screen-later="view-switcher" class="inline-flex w-full rounded-lg border border-border bg-muted p-1 sm:w-auto">` +
    views.map(([href, name, words], i) =>
      `<a${i === 0 ? ' aria-current="page"' : ''} href="${href}" data-discover="true" class="${VIEW} ${i === 0 ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground'}">` +
      `${icon(name, 'size-4')}${text(words)}</a>`).join('') +
    '</nav>';
}

/** EventCard for one result; the first three load their covers at once, as the app's list says. */
export function eventCard(e: DiscoverCard, i: number, w: DiscoverWords, o: DiscoverScreenOptions): string {
  const eager = i < 3;
  const cover = e.cover_path
    ? `<img src="${attr(renditionUrl(o.api, 'event-covers', e.cover_path, { width: CARD_COVER.fallbackWidth }))}" srcset="${attr(srcSet(o.api, 'event-covers', e.cover_path, CARD_COVER.widths))}"` +
      ` sizes="${attr(CARD_COVER.sizes)}" width="1200" height="630" alt="" loading="${eager ? 'eager' : 'lazy'}" fetchpriority="${eager ? 'high' : 'auto'}" decoding="async" class="aspect-[1200/630] w-full bg-muted object-cover">`
    : '<div aria-hidden="true" class="aspect-[1200/630] w-full bg-gradient-to-br from-brand-100 to-secondary"></div>';
  const place = e.venue_name ?? (e.is_online ? w.online : '');
  const price = priceLabel(e, w, o.formatLocale);
  return '<article class="relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">' +
    cover + '<div class="flex flex-1 flex-col gap-3 p-5">' +
    `<p class="flex items-center gap-2 text-sm font-medium text-brand-700">${icon('calendar-days', 'size-4 shrink-0')}` +
    `<time datetime="${attr(e.starts_at)}">${text(formatEventStart(e.starts_at, e.timezone, o.formatLocale))}</time></p>` +
    (e.more_dates ? `<p class="flex items-center gap-2 text-sm text-muted-foreground">${icon('repeat', 'size-4 shrink-0')}${text(plural(w.moreDates, e.more_dates, o.formatLocale))}</p>` : '') +
    `<h2 class="text-lg font-semibold leading-snug"><a href="/events/${attr(encodeURIComponent(e.slug))}" data-discover="true" class="after:absolute after:inset-0 focus:outline-none">${text(e.title)}</a></h2>` +
    `<p class="flex items-center gap-2 text-sm text-muted-foreground">${icon(e.venue_name ? 'map-pin' : 'monitor-play', 'size-4 shrink-0')}<span class="truncate">${text(place)}</span>` +
    (e.venue_name && e.is_online ? `<span class="shrink-0">${text(w.alsoOnline)}</span>` : '') + '</p>' +
    (price ? `<p class="flex items-center gap-2 text-sm font-medium">${icon('ticket', 'size-4 shrink-0')}${text(price)}</p>` : '') +
    '<div class="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2 text-sm">' +
    `<span class="rounded-full bg-secondary px-2.5 py-0.5 font-medium text-secondary-foreground">${text(o.category(e.category))}</span>` +
    `<span class="flex items-center gap-1.5 text-muted-foreground">${icon('users', 'size-4')}${text(spotsLabel(e, w, o.formatLocale))}</span>` +
    '</div></div></article>';
}

/** The serving drops a body over 128 KB: the cards stop at this many characters (the app adds the rest below). */
export const CARDS_BUDGET = 96 * 1024;

function cards(events: DiscoverCard[], w: DiscoverWords, o: DiscoverScreenOptions): string {
  let out = '';
  for (const [i, e] of events.entries()) {
    const card = `<li>${eventCard(e, i, w, o)}</li>`;
    if (i > 0 && out.length + card.length > CARDS_BUDGET) break;
    out += card;
  }
  return out;
}

/**
 * Discover's top with its first page of results: heading, filter bar, view switcher, the count and
 * the cards. Not drawn: "Load more" and "Subscribe to this search" below the last card (the app adds
 * them under everything, so nothing moves). No results: no screen (the app's empty state is its own).
 */
export function discoverScreen(page: { events: DiscoverCard[]; total: number; capped?: boolean }, o: DiscoverScreenOptions): string {
  if (!page.events.length) return '';
  const words = SCREEN_WORDS[o.locale];
  const w = words.discover;
  const list = '<div class="flex flex-col gap-6">' +
    `<p role="status" class="text-sm text-muted-foreground">${text(countLine(w, page, o.formatLocale))}</p>` +
    `<ul data-first-screen-cards class="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">${cards(page.events, w, o)}</ul>` +
    '</div>';
  const main = '<div class="flex flex-col gap-4 sm:gap-8">' +
    `<div class="flex flex-col gap-2"><h1 class="text-2xl font-bold tracking-tight sm:text-3xl">${text(w.title)}</h1>` +
    `<p class="hidden max-w-prose text-muted-foreground sm:block">${text(w.intro)}</p></div>` +
    filterBar(w, o) +
    `<div class="flex flex-col gap-4 sm:gap-6">${viewSwitcher(w)}<section aria-label="${attr(w.events)}">${list}</section></div>` +
    '</div>';
  return shell(words, '/', main);
}
