// Honest drafts (issue 32 item 3, decision 0304), through supabase-js against the real server:
// a draft cannot be RSVPed (event_not_published, 409, for its team; event_not_found for the
// others, who cannot read it); publishing a draft series "from here" (update_series_from) publishes
// every draft date of the series, the ones before too; publishing one date publishes it only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createSeries, eventAt } from './support/series.ts';
import { addDays, nextYear } from './support/test-calendar.ts';

let g: GatherServer;
let host: Member, fan: Member;
let Y: number;
const client = async (m: Member) => {
  const token = await signToken(m.claims);
  return g.as(() => token);
};

beforeAll(async () => {
  g = await startGather();
  host = await g.member('draft_host');
  fan = await g.member('draft_fan');
  Y = await nextYear(g.db);
});
afterAll(() => g.stop());

async function draftSeries(start: string, count: number) {
  const first = await eventAt(g, host, `${start} 19:00`, 'Europe/Paris', { status: 'draft', title: 'Draft weekly' });
  const s = await createSeries(g, host, first.id, `FREQ=WEEKLY;COUNT=${count}`);
  return s.events.map((e) => e.id);
}

async function statuses(ids: string[]): Promise<string[]> {
  const rows = await g.sqlAs('service')<{ id: string; status: string }>(
    'select id, status::text from public.events where id = any($1)', [ids]);
  return ids.map((id) => rows.find((r) => r.id === id)!.status);
}

describe('a draft', () => {
  it('cannot be RSVPed, and only its team can read it', async () => {
    const [id] = await draftSeries(`${Y}-03-03`, 2);
    const asFan = await client(fan);
    const tried = await asFan.rpc('rsvp', { event_id: id! });
    expect(tried.status).toBe(404); // outside the team, a draft is not there at all
    expect(tried.error).toMatchObject({ code: 'event_not_found' });
    const seen = await asFan.from('events').select('id').eq('id', id!);
    expect(seen.data).toEqual([]);

    const asHost = await client(host);
    const mine = await asHost.from('events').select('id, status').eq('id', id!).single();
    expect(mine.data).toEqual({ id, status: 'draft' });
    const own = await asHost.rpc('rsvp', { event_id: id! });
    expect(own.status).toBe(409);
    expect(own.error).toMatchObject({ code: 'event_not_published', message: "This event isn't published yet." });
    const none = await g.sqlAs('service')('select 1 from public.rsvps where event_id = $1', [id]);
    expect(none).toEqual([]);
  });
});

describe('publishing a draft series', () => {
  it('from a later date publishes every draft date of the series, the earlier ones too', async () => {
    const ids = await draftSeries(`${Y}-04-07`, 4);
    expect(await statuses(ids)).toEqual(['draft', 'draft', 'draft', 'draft']);
    const published = await (await client(host)).rpc('update_series_from', { event_id: ids[2]!, changes: { status: 'published' } });
    expect(published.error).toBeNull();
    expect(await statuses(ids)).toEqual(['published', 'published', 'published', 'published']);

    const going = await (await client(fan)).rpc('rsvp', { event_id: ids[0]! });
    expect(going.error).toBeNull();
    expect(going.data).toMatchObject({ status: 'going' });
  });

  it('on a date moved to another day publishes the split part and the dates before it', async () => {
    const ids = await draftSeries(`${Y}-05-05`, 3);
    const starts = addDays(`${Y}-05-13`, 0); // the second date (the 12th) moved a day later
    const [row] = await g.db.query<{ s: string; e: string }>(
      `select to_json(($1 || ' 19:00')::timestamp at time zone 'Europe/Paris')#>>'{}' as s,
              to_json(($1 || ' 21:00')::timestamp at time zone 'Europe/Paris')#>>'{}' as e`, [starts]).then((r) => r.rows);
    const moved = await (await client(host)).rpc('update_series_from',
      { event_id: ids[1]!, changes: { status: 'published', starts_at: row!.s, ends_at: row!.e } });
    expect(moved.error).toBeNull();
    expect(await statuses(ids)).toEqual(['published', 'published', 'published']);
  });

  it('one date alone publishes that date only', async () => {
    const ids = await draftSeries(`${Y}-06-02`, 3);
    const one = await (await client(host)).from('events').update({ status: 'published' }).eq('id', ids[1]!).select('status');
    expect(one.error).toBeNull();
    expect(await statuses(ids)).toEqual(['draft', 'published', 'draft']);
  });

  it('by someone outside its team publishes nothing', async () => {
    const ids = await draftSeries(`${Y}-07-07`, 2);
    const refused = await (await client(fan)).rpc('update_series_from', { event_id: ids[0]!, changes: { status: 'published' } });
    expect(refused.error).not.toBeNull();
    expect(await statuses(ids)).toEqual(['draft', 'draft']);
  });
});
