// Several host news in one email (decision 0311): an hour's batch of one kind about one event or
// group ("5 new RSVPs for Board game night: Ada, Bob, Chloé and 2 more"), or the daily digest,
// which lists per event or group one line per kind. Pure: the tests render it directly.
import type { Content } from './email-templates.ts';
import { mailMessages, type MailLocale } from './i18n/index.ts';
import { noticeMessages, type HostNewsKind } from './i18n/notices/index.ts';
import { itemOf, newsAction, text } from './notice-email-templates.ts';

/** One row of the batch, as public.notification_batch returns it. */
export interface BatchItem {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  created_at: string;
}

/** Names shown before "and N more". */
const NAMES_SHOWN = 3;

const KIND_ORDER: readonly HostNewsKind[] = ['rsvp_requested', 'group_join_requested', 'new_rsvp', 'new_waitlist', 'new_member', 'new_comment'];

function namesOf(items: BatchItem[], someone: string, words: (names: string[], more: number) => string): string {
  // One name per person, in the order they came (two comments by Ada make one "Ada").
  const names = [...new Set(items.map((i) => text(i.payload.display_name) ?? someone))];
  return words(names.slice(0, NAMES_SHOWN), Math.max(0, names.length - NAMES_SHOWN));
}

/** An hour's batch: several news of one kind about one event or group. */
export function batchContent(items: BatchItem[], siteUrl: string, locale: MailLocale): Content {
  const m = mailMessages(locale);
  const n = noticeMessages(locale).hostNews;
  const first = items[0]!;
  const kind = first.kind as HostNewsKind;
  const item = itemOf({ payload: first.payload, event: null, group: null, siteUrl }, m);
  const words = n.batch[kind] ?? n.batch.new_rsvp;
  return {
    subject: words.subject(items.length, item.name),
    paragraphs: [words.body(items.length, item.name, namesOf(items, m.someone, n.names))],
    details: [],
    action: newsAction(kind, item.url, n),
  };
}

/** The daily digest: per event or group (most news first), one line per kind. */
export function digestContent(items: BatchItem[], siteUrl: string, locale: MailLocale): Content {
  const m = mailMessages(locale);
  const n = noticeMessages(locale).hostNews;
  const byItem = new Map<string, BatchItem[]>();
  for (const i of items) {
    const key = text(i.payload.event_id) ?? text(i.payload.group_id) ?? '';
    byItem.set(key, [...(byItem.get(key) ?? []), i]);
  }
  const sections = [...byItem.values()]
    .sort((a, b) => b.length - a.length)
    .map((news) => {
      const item = itemOf({ payload: news[0]!.payload, event: null, group: null, siteUrl }, m);
      const lines = KIND_ORDER.flatMap((kind) => {
        const ofKind = news.filter((x) => x.kind === kind);
        return ofKind.length ? [n.line[kind](ofKind.length, namesOf(ofKind, m.someone, n.names))] : [];
      });
      // The section leads where its first line's news does (requests first: they wait for an answer).
      const lead = KIND_ORDER.find((kind) => news.some((x) => x.kind === kind)) ?? 'new_rsvp';
      return { title: item.name, url: newsAction(lead, item.url, n).url, lines };
    });
  return {
    subject: n.digest.subject(items.length),
    paragraphs: [n.digest.intro],
    sections,
    details: [],
    action: { label: n.digest.action, url: `${siteUrl}/me` },
  };
}
