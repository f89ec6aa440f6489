// Topics follow a series as its other fields do (issue 33, decision 0407): a series made from an
// event with topics has them on every date; saving a date's topics (the Topics box, as the host
// or a co-host) reaches the later dates that have not started, never the earlier ones; a new date
// takes the topics of the date before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createSeries, eventAt, extendHorizons } from './support/series.ts';

let g: GatherServer;
let host: Member, cohost: Member, checker: Member;
beforeAll(async () => {
  g = await startGather();
  [host, cohost, checker] = [await g.member('topics_host'), await g.member('topics_cohost'), await g.member('topics_checker')];
});
afterAll(() => g.stop());

const tagsOf = async (seriesId: string) =>
  (await g.db.query<{ n: number; tags: string[] }>('select series_position as n, tags from public.events where series_id = $1 order by series_position', [seriesId])).rows;

describe(`series topics (${driverName})`, () => {
  it('a new series has its first date\'s topics on every date', async () => {
    const first = await eventAt(g, host, '2027-03-02 19:00', 'Europe/Paris', { tags: ['chess'] });
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;BYDAY=TU;COUNT=4');
    expect((await tagsOf(s.id)).map((r) => r.tags)).toEqual([['chess'], ['chess'], ['chess'], ['chess']]);
  });

  it('saving a date\'s topics reaches the later dates, not the earlier ones; co-hosts may, checkers may not', async () => {
    const first = await eventAt(g, host, '2027-04-06 19:00', 'Europe/Paris', { tags: ['chess'] });
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;BYDAY=TU;COUNT=4');
    const second = s.events.find((e) => e.position === 2)!;
    await g.sqlAs(host)('select public.add_event_host($1, $2, $3)', [second.id, 'topics_cohost', 'cohost']);
    await g.sqlAs(host)('select public.add_event_host($1, $2, $3)', [second.id, 'topics_checker', 'checker']);

    await g.sqlAs(cohost)('update public.events set tags = $2 where id = $1', [second.id, ['chess', 'Blitz']]);
    expect(await tagsOf(s.id)).toEqual([
      { n: 1, tags: ['chess'] }, { n: 2, tags: ['chess', 'blitz'] }, { n: 3, tags: ['chess', 'blitz'] }, { n: 4, tags: ['chess', 'blitz'] },
    ]);
    const byChecker = await g.sqlAs(checker)('update public.events set tags = $2 where id = $1 returning id', [second.id, ['nope']]).catch((e: Error) => e);
    expect(Array.isArray(byChecker) ? byChecker : []).toEqual([]);
    expect((await tagsOf(s.id))[1]!.tags).toEqual(['chess', 'blitz']);
  });

  it('a date made later by the horizon job takes the topics of the date before it', async () => {
    const first = await eventAt(g, host, '2027-05-04 19:00', 'Europe/Paris', { tags: ['go'] });
    const s = await createSeries(g, host, first.id, 'FREQ=WEEKLY;BYDAY=TU;COUNT=40');
    const before = (await tagsOf(s.id)).length;
    await g.sqlAs(host)('update public.events set tags = $2 where id = $1', [first.id, ['go', 'weiqi']]);
    expect(await extendHorizons(g, '2027-09-01T00:00:00Z')).toBeGreaterThan(0);
    const after = await tagsOf(s.id);
    expect(after.length).toBeGreaterThan(before);
    expect(after.every((r) => JSON.stringify(r.tags) === JSON.stringify(['go', 'weiqi']))).toBe(true);
  });
});
