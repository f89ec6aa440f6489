import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';

// Issue 35: a hot event. 300 people RSVP through REST at once, 50 requests in flight, for 50
// seats; every third brings a guest. Whatever order the database serves them in, the seats taken
// are exactly the capacity, everyone else waits in one line with positions 1, 2, 3… and the
// event's stats say the same as its rows.
const PEOPLE = 300;
const SEATS = 50;
const IN_FLIGHT = 50;

let g: GatherServer;
let host: Member;
let people: { id: string; token: string; guests: number }[];
beforeAll(async () => {
  g = await startGather();
  host = await g.member('host');
  await g.db.query(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
     select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'authenticated', 'authenticated', 'fan' || i || '@test.example',
            '{"provider":"email"}', jsonb_build_object('username', 'fan' || i, 'display_name', 'Fan ' || i), now(), now(), now()
     from generate_series(1, ${PEOPLE}) i`,
  );
  people = await Promise.all(
    Array.from({ length: PEOPLE }, async (_, i) => {
      const id = `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
      return { id, token: await signToken({ sub: id, role: 'authenticated', aud: 'authenticated' }), guests: i % 3 === 0 ? 1 : 0 };
    }),
  );
}, 120_000);
afterAll(() => g.stop());

describe('a hot event', () => {
  it('gives exactly its seats to 300 concurrent RSVPs and waitlists the rest in one consecutive line', async () => {
    const e = await createEvent(g, host, { capacity: SEATS, plus_ones_max: 1 });
    const answers: { status: number; body: { status?: string } }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < people.length) {
          const p = people[next++]!;
          const res = await g.fetch('/rest/v1/rpc/rsvp', {
            method: 'POST',
            headers: { apikey: g.keys.anonKey, authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ event_id: e.id, guests: p.guests }),
          });
          answers.push({ status: res.status, body: (await res.json()) as { status?: string } });
        }
      }),
    );
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);

    const rows = await g.db.query<{ status: string; guests: number; waitlist_position: number | null }>(
      'select status, guests, waitlist_position from public.rsvps where event_id = $1',
      [e.id],
    );
    const going = rows.rows.filter((r) => r.status === 'going');
    const waiting = rows.rows.filter((r) => r.status === 'waitlisted');
    expect(rows.rows).toHaveLength(PEOPLE);
    expect(going.reduce((n, r) => n + 1 + r.guests, 0)).toBe(SEATS);
    expect(going.some((r) => r.guests > 0)).toBe(true);
    expect(going.length + waiting.length).toBe(PEOPLE);
    expect(waiting.map((r) => Number(r.waitlist_position)).sort((a, b) => a - b)).toEqual(waiting.map((_, i) => i + 1));
    // Each person was told what their row says.
    expect(answers.filter((a) => a.body.status === 'going')).toHaveLength(going.length);

    const stats = await g.db.query('select going_count, waitlist_count, spots_left from public.event_stats where event_id = $1', [e.id]);
    expect(stats.rows[0]).toEqual({ going_count: expect.any(Number), waitlist_count: waiting.length, spots_left: 0 });
    expect([going.length, SEATS]).toContain(stats.rows[0]!.going_count);
  }, 120_000);
});
