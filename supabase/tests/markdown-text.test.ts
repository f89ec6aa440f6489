import { describe, expect, it } from 'vitest';
import { eventToIcs, type IcsEvent } from '../functions/_shared/ics.ts';
import { feedToIcs } from '../functions/_shared/ics-feed.ts';
import { markdownToPlainText } from '../functions/_shared/markdown-text.ts';

describe('markdownToPlainText', () => {
  it('drops emphasis, headings, quotes and code marks, and keeps paragraphs and line breaks', () => {
    expect(markdownToPlainText('# Repair café\n\n**Bring** a *broken* thing, __any__ _thing_.\nWe fix ~~nothing~~ everything.\n\n> Doors at `19:00`'))
      .toBe('Repair café\n\nBring a broken thing, any thing.\nWe fix nothing everything.\n\nDoors at 19:00');
  });

  it('writes links as their text and address, images as their description, autolinks as the address', () => {
    expect(markdownToPlainText('See [the map](https://maps.example/x "Map") or <https://gather.example>. ![A kiln](https://x.example/k.png)'))
      .toBe('See the map (https://maps.example/x) or https://gather.example. A kiln');
    expect(markdownToPlainText('[https://a.example](https://a.example)')).toBe('https://a.example');
  });

  it('keeps lists as dashes and numbers, drops rules and setext underlines, keeps code blocks as typed', () => {
    expect(markdownToPlainText('Agenda\n======\n\n* talks\n+ food\n1. one\n\n---\n\n```\nnpm **start**\n```'))
      .toBe('Agenda\n\n- talks\n- food\n1. one\n\nnpm **start**');
  });

  it('leaves what is not Markdown as typed: snake_case, escapes, lone asterisks, entities decoded, tags dropped', () => {
    expect(markdownToPlainText('file_name_here costs 5 * 3 \\*stars\\* &amp; <b>bold</b> <br>')).toBe('file_name_here costs 5 * 3 *stars* & bold');
    expect(markdownToPlainText('Just text.\r\nTwo lines.')).toBe('Just text.\nTwo lines.');
  });
});

describe('calendar files carry the description as plain text', () => {
  const event: IcsEvent = {
    id: '6f1c2c1e-0000-4000-8000-000000000002', slug: 'repair-cafe', title: 'Repair café',
    description: '**Bring** a [broken lamp](https://lamps.example).\n\n* tools provided',
    starts_at: '2030-07-10T19:00:00Z', ends_at: '2030-07-10T22:00:00Z', timezone: 'Europe/Lisbon', venue_name: 'Hall', address: null,
    lat: null, lng: null, is_online: false, status: 'published', cancel_reason: null, created_at: '2030-06-01T10:00:00Z', updated_at: '2030-06-01T10:00:00Z',
  };
  const description = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n').find((l) => l.startsWith('DESCRIPTION:'));
  const expected = 'DESCRIPTION:Bring a broken lamp (https://lamps.example).\\n\\n- tools provided\\n\\nEvent page: https://gather.example/events/repair-cafe';

  it("in one event's file (event-ics)", () => {
    expect(description(eventToIcs(event, 'https://gather.example/events/repair-cafe'))).toBe(expected);
  });

  it('in a subscribed calendar (calendar-feed)', () => {
    const feed = feedToIcs([{ ...event, ics_sequence: 0 }], { name: 'Mine', eventUrl: () => 'https://gather.example/events/repair-cafe', locale: 'en' });
    expect(description(feed)).toBe(expected);
  });
});
