// The first screens of the event and group pages, as the app draws them for anyone (EventHeader,
// GroupHeader): the same elements, classes and image sizes, so the app's first render lands on
// the same boxes (no shift) and the cover, the page's largest paint, starts with the HTML.
import { EVENT_COVER, GROUP_COVER, renditionUrl, srcSet } from '../../_shared/page-contract.ts';
import { intlTag } from '../../_shared/i18n/index.ts';
import type { HeadLocale } from '../i18n/index.ts';
import { attr, badge, BUTTON_PRIMARY, icon, shell, text } from './markup.ts';
import { SCREEN_WORDS } from './words.ts';

type Cover = { widths: readonly number[]; sizes: string; fallbackWidth: number };

function coverImg(api: string, bucket: string, path: string, spec: Cover, className: string): string {
  return `<img src="${attr(renditionUrl(api, bucket, path, { width: spec.fallbackWidth }))}" srcset="${attr(srcSet(api, bucket, path, spec.widths))}"` +
    ` sizes="${attr(spec.sizes)}" width="1200" height="630" alt="" fetchpriority="high" class="${className}">`;
}

export interface EventScreen {
  slug: string; title: string; category: string; status: string; cancel_reason: string | null; cover_path: string | null;
  host: { display_name: string } | null;
  event_hosts: { role: string; profile: { display_name: string } | null }[] | null;
}

/** The event page's header: cover, cancelled notice, category, title, hosts. */
export function eventScreen(e: EventScreen, o: { api: string; locale: HeadLocale; category: string }): string {
  const w = SCREEN_WORDS[o.locale];
  const cohosts = (e.event_hosts ?? []).filter((h) => h.role === 'cohost' && h.profile).map((h) => h.profile!.display_name);
  const names = [e.host?.display_name, ...cohosts].filter((n): n is string => Boolean(n));
  const hosts = names.length ? new Intl.ListFormat(intlTag(o.locale), { style: 'long', type: 'conjunction' }).format(names) : '';
  const header = '<header class="flex flex-col gap-4">' +
    (e.cover_path ? coverImg(o.api, 'event-covers', e.cover_path, EVENT_COVER, 'aspect-[1200/630] w-full rounded-xl bg-muted object-cover') : '') +
    (e.status === 'cancelled'
      ? `<p role="status" class="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-900">${text(w.cancelled)}${e.cancel_reason ? text(` ${e.cancel_reason}`) : ''}</p>`
      : '') +
    `<p class="flex flex-wrap gap-2">${badge(text(o.category), 'brand')}</p>` +
    `<h1 class="text-3xl font-bold tracking-tight sm:text-4xl">${text(e.title)}</h1>` +
    (hosts ? `<p class="text-muted-foreground">${text(w.hostedBy(hosts))}</p>` : '') +
    '</header>';
  return shell(w, `/events/${e.slug}`, `<article class="flex flex-col gap-8">${header}</article>`);
}

export interface GroupScreen {
  slug: string; name: string; city: string; cover_path: string | null; logo_path: string | null; join_policy?: string;
  members: number;
}

/** The group page's header: cover, logo, category, "Public group", name, city, members, "Sign in to join". */
export function groupScreen(g: GroupScreen, o: { api: string; locale: HeadLocale; category: string }): string {
  const w = SCREEN_WORDS[o.locale];
  const tag = intlTag(o.locale);
  const logoBase = 'relative z-[1] inline-flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-muted -mt-14 ms-4 size-24 border-4 border-background sm:-mt-16';
  const logoAt = (px: number) => renditionUrl(o.api, 'group-media', g.logo_path ?? '', { width: px, height: px, resize: 'cover' });
  const logo = g.logo_path
    ? `<img src="${attr(logoAt(96))}" srcset="${attr(`${logoAt(96)} 1x, ${logoAt(192)} 2x`)}" alt="" width="96" height="96" loading="lazy" decoding="async" class="${logoBase} object-cover">`
    : `<span aria-hidden="true" class="${logoBase} bg-brand-700 text-lg font-bold text-white">${text(g.name.trim().charAt(0).toUpperCase() || '?')}</span>`;
  const members = w.members(new Intl.PluralRules(tag).select(g.members) === 'one', new Intl.NumberFormat(tag).format(g.members));
  const next = encodeURIComponent(`/g/${g.slug}`);
  const header = '<header class="flex flex-col gap-4">' +
    (g.cover_path
      ? coverImg(o.api, 'group-media', g.cover_path, GROUP_COVER, 'aspect-[1200/630] max-h-80 w-full rounded-xl bg-muted object-cover')
      : '<div aria-hidden="true" class="h-32 w-full rounded-xl bg-brand-100"></div>') +
    `<div class="flex flex-col gap-4 sm:flex-row sm:items-end">${logo}<div class="flex min-w-0 flex-1 flex-col gap-2">` +
    `<p class="flex flex-wrap items-center gap-2">${badge(text(o.category), 'brand')}${badge(text(w.publicGroup), 'neutral')}` +
    (g.join_policy === 'approval' ? badge(`${icon('user-check', 'size-3.5')}${text(w.approval)}`, 'neutral', 'inline-flex items-center gap-1') : '') +
    '</p>' +
    `<h1 class="break-words text-3xl font-bold tracking-tight sm:text-4xl">${text(g.name)}</h1>` +
    '<p class="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground">' +
    `<span class="flex items-center gap-1.5">${icon('map-pin', 'size-4')}${text(g.city)}</span>` +
    `<span class="flex items-center gap-1.5">${icon('users', 'size-4')}${text(members)}</span></p>` +
    '</div></div>' +
    `<div class="flex flex-wrap items-center gap-3"><a data-slot="button" href="/auth/sign-in?next=${attr(next)}" data-discover="true" class="${BUTTON_PRIMARY}">${icon('log-in')}${text(g.join_policy === 'open' ? w.signInToJoin : w.signInToAsk)}</a></div>` +
    '</header>';
  return shell(w, `/g/${g.slug}`, `<article class="flex flex-col gap-8">${header}</article>`);
}
