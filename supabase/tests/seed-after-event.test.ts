import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { startGather, type GatherServer } from './support/gather-server.ts';

// The demo's past event (seed.sql, issue 33): its album's photos are uploaded with the seed and
// drawn by the render endpoint; its feedback gives the host something to read.

const PICNIC = '00000000-0000-4000-8000-0000000a1b00';
let g: GatherServer;
beforeAll(async () => {
  g = await startGather({ seed: true });
});
afterAll(() => g.stop());

describe(`seed: after the event (${driverName})`, () => {
  it('a past event with three album photos anyone may see, each file in the bucket', async () => {
    const { data: event } = await g.anon().from('events').select('slug, ends_at').eq('id', PICNIC).single();
    expect(event!.slug).toBe('riverside-picnic');
    expect(Date.parse(event!.ends_at)).toBeLessThan(Date.now());
    const { data: photos } = await g.anon().from('event_album_photos').select('path, caption').eq('event_id', PICNIC).order('created_at');
    expect(photos).toHaveLength(3);
    for (const p of photos!) {
      const res = await g.fetch(`/storage/v1/render/image/public/event-albums/${p.path}?width=240&height=240&resize=cover`);
      expect({ path: p.path, status: res.status, type: res.headers.get('content-type') }).toMatchObject({ path: p.path, status: 200, type: expect.stringMatching(/^image\//) });
    }
  });

  it('feedback from four of the five who went, for the host to read', async () => {
    const { rows } = await g.db.query<{ n: number; average: string }>(
      'select count(*)::int as n, round(avg(rating), 2)::text as average from public.event_feedback where event_id = $1', [PICNIC]);
    expect(rows[0]).toEqual({ n: 4, average: '4.25' });
  });
});
