import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let H: Member;
beforeAll(async () => {
  g = await startGather();
  H = await g.member('host');
});
afterAll(() => g.stop());

describe('Gather functions', () => {
  it('geocode finds places offline, without a token', async () => {
    const { data, error } = await g.anon().functions.invoke('geocode', { body: { q: 'Nairobi' } });
    expect(error).toBeNull();
    expect(data.provider).toBe('gazetteer');
    expect(data.results[0]).toMatchObject({ name: 'Nairobi', country: 'KE', label: 'Nairobi, Kenya' });
    const bare = await g.fetch('/functions/v1/geocode?q=lisb');
    expect(bare.status).toBe(200);
    expect(((await bare.json()) as { results: { name: string }[] }).results[0]!.name).toBe('Lisbon');
  });

  it('event-ics serves a calendar file by slug, and 404 for events one may not see', async () => {
    const e = await createEvent(g, H, { title: 'Calendar check' });
    const res = await g.fetch(`/functions/v1/event-ics?slug=${e.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${e.slug}.ics"`);
    const ics = await res.text();
    expect(ics).toContain(`UID:${e.id}@gather`);
    expect(ics).toContain('SUMMARY:Calendar check');
    const draft = await createEvent(g, H, { title: 'Hidden draft', status: 'draft' });
    expect((await g.fetch(`/functions/v1/event-ics?slug=${draft.slug}`)).status).toBe(404);
  });
});
