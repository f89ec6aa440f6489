import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { attachment } from '../functions/_shared/content-disposition.ts';
import { eventToIcs, type IcsEvent } from '../functions/_shared/ics.ts';
import { searchGazetteer, type GazetteerRow } from '../functions/geocode/gazetteer.ts';

const event: IcsEvent = {
  id: '6f1c2c1e-0000-4000-8000-000000000001',
  slug: 'fado-night',
  title: 'Fado, petiscos; and a very long title that will certainly need folding across lines — com acentuação',
  description: 'Line one\nLine two, with a comma; and a semicolon \\ backslash',
  starts_at: '2026-07-10T19:00:00Z', // 20:00 in Lisbon (summer time)
  ends_at: '2026-07-10T22:00:00Z',
  timezone: 'Europe/Lisbon',
  venue_name: 'Tasca do Chico',
  address: 'Rua do Diário de Notícias 39, Lisbon',
  lat: 38.7118,
  lng: -9.1445,
  is_online: false,
  status: 'published',
  cancel_reason: null,
  created_at: '2026-06-01T10:00:00Z',
  updated_at: '2026-06-01T10:00:00Z',
};

/** Unfolds RFC 5545 content lines. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('event-ics', () => {
  it('writes RFC 5545 lines: CRLF, at most 75 octets, escaped text, the event\'s own zone', () => {
    const ics = eventToIcs(event, 'https://gather.example/events/fado-night', new Date('2026-06-02T00:00:00Z'));
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const lines = unfold(ics).split('\r\n');
    expect(lines).toContain('DTSTART;TZID=Europe/Lisbon:20260710T200000');
    expect(lines).toContain('DTEND;TZID=Europe/Lisbon:20260710T230000');
    expect(lines).toContain('TZOFFSETTO:+0100');
    expect(lines).toContain('UID:6f1c2c1e-0000-4000-8000-000000000001@gather');
    expect(lines).toContain('DTSTAMP:20260602T000000Z');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines).toContain('GEO:38.7118;-9.1445');
    expect(lines.find((l) => l.startsWith('DESCRIPTION:'))).toBe(
      'DESCRIPTION:Line one\\nLine two\\, with a comma\\; and a semicolon \\\\ backslash\\n\\nEvent page: https://gather.example/events/fado-night',
    );
    expect(lines.find((l) => l.startsWith('SUMMARY:'))).toContain('com acentuação');
  });

  it('cancels with the same UID and a higher SEQUENCE', () => {
    const first = unfold(eventToIcs(event, 'u'));
    const cancelled = unfold(eventToIcs({ ...event, status: 'cancelled', cancel_reason: 'Venue flooded', updated_at: '2026-06-05T10:00:00Z' }, 'u'));
    const uid = (s: string) => s.split('\r\n').find((l) => l.startsWith('UID:'));
    const seq = (s: string) => Number(s.split('\r\n').find((l) => l.startsWith('SEQUENCE:'))!.slice(9));
    expect(uid(cancelled)).toBe(uid(first));
    expect(seq(cancelled)).toBeGreaterThan(seq(first));
    expect(cancelled).toContain('METHOD:CANCEL');
    expect(cancelled).toContain('STATUS:CANCELLED');
    expect(cancelled).toContain('Cancelled: Venue flooded');
  });
});

describe('geocode gazetteer', () => {
  const rows = JSON.parse(readFileSync(new URL('../functions/geocode/cities.json', import.meta.url), 'utf8')) as GazetteerRow[];

  it('ships the world\'s cities', () => {
    expect(rows.length).toBeGreaterThan(20_000);
  });

  it('finds exact names first, then prefixes, most populous first, ignoring accents', () => {
    const lisbon = searchGazetteer(rows, 'lisbon');
    expect(lisbon[0]).toMatchObject({ name: 'Lisbon', country: 'PT', label: 'Lisbon, Portugal' });
    expect(lisbon[0]!.lat).toBeCloseTo(38.72, 1);
    expect(searchGazetteer(rows, 'sao paulo')[0]).toMatchObject({ name: 'São Paulo', country: 'BR' });
    expect(searchGazetteer(rows, 'Paris')[0]).toMatchObject({ country: 'FR' });
    expect(searchGazetteer(rows, 'Paris, US').every((p) => p.country === 'US')).toBe(true);
    expect(searchGazetteer(rows, 'Nai', 3).map((p) => p.name)).toContain('Nairobi');
  });

  it('needs two characters and returns nothing for nonsense', () => {
    expect(searchGazetteer(rows, 'l')).toEqual([]);
    expect(searchGazetteer(rows, 'zzqxj')).toEqual([]);
  });
});

describe('Content-Disposition (RFC 6266)', () => {
  it('quotes a safe ASCII fallback and percent-encodes the exact name, so nothing in it adds a parameter or a header', () => {
    expect(attachment('fado-night.ics')).toBe(`attachment; filename="fado-night.ics"; filename*=UTF-8''fado-night.ics`);
    expect(attachment('Café à São Paulo.ics')).toBe(`attachment; filename="Cafe_a_Sao_Paulo.ics"; filename*=UTF-8''Caf%C3%A9%20%C3%A0%20S%C3%A3o%20Paulo.ics`);
    expect(attachment('a"; filename="evil.html')).toBe(`attachment; filename="a_filename_evil.html"; filename*=UTF-8''a%22%3B%20filename%3D%22evil.html`);
    expect(attachment("x\r\nSet-Cookie: a=b (it's)*.ics")).toBe(
      `attachment; filename="x_Set-Cookie_a_b_it_s_.ics"; filename*=UTF-8''x%0D%0ASet-Cookie%3A%20a%3Db%20%28it%27s%29%2A.ics`,
    );
    expect(attachment('東京.ics')).toBe(`attachment; filename="_.ics"; filename*=UTF-8''%E6%9D%B1%E4%BA%AC.ics`);
  });
});
