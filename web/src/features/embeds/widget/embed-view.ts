import type { EmbedList } from "./embed-data";
import type { Words } from "./embed-strings";

// Themes: the host page sets --gather-* custom properties (they cross the shadow boundary), or
// the element's `theme` (light, dark) and `accent` attributes. Colours meet WCAG AA contrast in
// both themes; links show a focus ring.
export const EMBED_STYLE = `
:host{display:block;font-family:var(--gather-font,system-ui,sans-serif);--a:var(--gather-accent,#4338ca);--at:var(--gather-accent-text,#fff);--b:var(--gather-bg,#fff);--f:var(--gather-fg,#111827);--m:var(--gather-muted,#4b5563);--l:var(--gather-border,#d1d5db);--r:var(--gather-radius,.5rem)}
:host([theme=dark]){--a:var(--gather-accent,#a5b4fc);--at:var(--gather-accent-text,#111827);--b:var(--gather-bg,#111827);--f:var(--gather-fg,#f9fafb);--m:var(--gather-muted,#d1d5db);--l:var(--gather-border,#374151)}
section{background:var(--b);color:var(--f);border:1px solid var(--l);border-radius:var(--r);padding:1rem}
h2{font-size:1.125rem;margin:0 0 .75rem}
ul{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
li{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;border-top:1px solid var(--l);padding-top:.75rem}
li:first-child{border:0;padding:0}
p{margin:0;color:var(--m)}
a{color:inherit}
.t{font-weight:600;display:block}
.b{background:var(--a);color:var(--at);border-radius:var(--r);padding:.5rem .875rem;text-decoration:none;font-weight:600;white-space:nowrap}
.all{display:inline-block;margin-top:.75rem}
a:focus-visible{outline:3px solid var(--a);outline-offset:2px}
`;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * A link to Gather that opens in a new tab. Its name starts with the words on it (so voice
 * control finds it), then says which event and that a new tab opens.
 */
function link(href: string, className: string, visible: string, more: string, words: Words): string {
  return `<a class="${className}" href="${esc(href)}" target="_blank" rel="noopener" aria-label="${esc(`${visible}${more} (${words.newTab})`)}">${esc(visible)}</a>`;
}

function when(startsAt: string, timeZone: string, language: string): string {
  const date = new Date(startsAt);
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(date);
  }
}

/** The embed's markup for a loaded list; `app` is Gather's origin, where its pages are. */
export function renderList(list: EmbedList, app: string, words: Words, language: string): string {
  const items = list.events.map((event) => {
    const href = `${app}/events/${encodeURIComponent(event.slug)}`;
    const paid = event.ticket_types.some((t) => t.price > 0);
    const action = event.ticket_types.length === 0 ? words.rsvp : paid ? words.buy : words.free;
    const place = event.venue_name ?? (event.is_online ? words.online : "");
    return `<li><div>${link(href, "t", event.title, "", words)}<p><time datetime="${esc(event.starts_at)}">${esc(when(event.starts_at, event.timezone, language))}</time>${place ? ` · ${esc(place)}` : ""}</p></div>${link(href, "b", action, `: ${event.title}`, words)}</li>`;
  });
  const heading = list.heading ?? words.upcoming;
  const body = items.length ? `<ul aria-label="${esc(words.upcoming)}">${items.join("")}</ul>` : `<p>${esc(words.none)}</p>`;
  const all = list.groupPath ? link(`${app}${list.groupPath}`, "all", words.all, "", words) : "";
  return `<section aria-label="${esc(heading)}"><h2>${esc(heading)}</h2>${body}${all}</section>`;
}

/** A one-line state (loading, error) in the same frame. */
export function renderNote(text: string, busy: boolean): string {
  return `<section aria-busy="${busy}"><p role="status">${esc(text)}</p></section>`;
}
