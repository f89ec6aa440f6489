// "For you" (issue 33, decisions 0341-0342), through supabase-js against the real server, on a
// seeded population: each signal (a group I'm in, a host, a topic and a category I follow, people
// I've been to events with, near my home, new this week) explained by one case, the ranking
// between them, the reason in my language, and what is never picked: unlisted, private, draft,
// cancelled, past and members-only events of groups I'm not in, events I host or answered.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';

let g: GatherServer;
let reader: Member, organizer: Member, followedHost: Member, otherHost: Member, friend: Member, stranger: Member;
let asReader: SupabaseClient;
const LISBON = { lat: 38.7223, lng: -9.1393 };
// Far from the reader's home (Berlin): no "near you" unless a case asks for it.
const FAR = { lat: 52.52, lng: 13.405, venue_name: 'Far hall' };
const ids: Record<string, string> = {};

const client = async (m: Member) => {
  const token = await signToken(m.claims);
  return g.as(() => token);
};

/** An event published long ago (so not "new this week") unless `fresh`. */
async function event(name: string, host: Member, fields: Record<string, unknown> = {}, fresh = false): Promise<string> {
  const { id } = await createEvent(g, host, { title: name, ...FAR, ...fields });
  if (!fresh) await g.sqlAs('service')(`update public.events set published_at = now() - interval '30 days' where id = $1`, [id]);
  ids[name] = id;
  return id;
}

async function picks(as: SupabaseClient = asReader, max = 20) {
  const { data, error } = await as.rpc('recommend_events', { max });
  if (error) throw new Error(JSON.stringify(error));
  return data as { id: string; slug: string; title: string; starts_at: string; reason: string; signal: string }[];
}

beforeAll(async () => {
  g = await startGather();
  [reader, organizer, followedHost, otherHost, friend, stranger] = await Promise.all(
    ['reader', 'organizer', 'followed_host', 'other_host', 'friend', 'stranger'].map((u) => g.member(u))) as [Member, Member, Member, Member, Member, Member];
  await g.sqlAs('service')(`update public.profiles set display_name = 'Ada Host' where id = $1`, [followedHost.id]);
  await g.sqlAs('service')(`update public.profile_private set home_lat = $2, home_lng = $3 where id = $1`, [reader.id, LISBON.lat, LISBON.lng]);
  asReader = await client(reader);

  // A group the reader is in; another one (members-only events) they are not in.
  const club = await createGroup(g, organizer, { name: 'Chess Club', lat: FAR.lat, lng: FAR.lng, city: 'Berlin' });
  await join(g, reader, club.id);
  await join(g, friend, club.id);
  const closed = await createGroup(g, organizer, { name: 'Closed Circle', lat: FAR.lat, lng: FAR.lng, city: 'Berlin' });
  await join(g, friend, closed.id);

  // One event per signal, each with only that signal.
  await event('Group night', organizer, { group_id: club.id });
  await event('Host talk', followedHost);
  await event('Topic evening', otherHost, { tags: ['  Board   GAMES ', 'strategy'] });
  await event('Category concert', otherHost, { category: 'music' });
  await event('Companions outing', otherHost);
  await event('Nearby walk', otherHost, { lat: 38.7623, lng: -9.1393, venue_name: 'Park' }); // ~4.4 km north
  await event('Brand new meetup', otherHost, {}, true);
  // Nothing to say about it: not picked.
  await event('Plain event', otherHost);

  // Never picked, whatever the signals say (all hosted by a followed host, with a followed topic).
  const hot = { tags: ['board games'], category: 'music' };
  await event('Unlisted party', followedHost, { ...hot, visibility: 'unlisted' });
  await event('Private dinner', followedHost, { ...hot, visibility: 'private' });
  await event('Draft idea', followedHost, { ...hot, status: 'draft' });
  await event('Cancelled gig', followedHost, hot);
  await g.sqlAs('service')(`update public.events set status = 'cancelled' where id = $1`, [ids['Cancelled gig']]);
  await event('Closed circle meeting', organizer, { ...hot, group_id: closed.id, visibility: 'members' });
  await event('My own event', reader, hot);
  await event('Already going', followedHost, hot);
  await (await client(reader)).rpc('rsvp', { event_id: ids['Already going'] });

  // The reader and the friend went to an event together (now over); the friend is going to the
  // companions outing, and to the unlisted, private and members-only ones.
  const past = await event('Past picnic', otherHost, { days: 3 });
  await g.sqlAs('service')(`update public.events set starts_at = now() - interval '3 days', ends_at = now() - interval '3 days' + interval '2 hours' where id = $1`, [past]);
  for (const [who, evt] of [[reader, past], [friend, past], [friend, ids['Companions outing']], [friend, ids['Unlisted party']],
    [friend, ids['Private dinner']], [friend, ids['Closed circle meeting']]] as const) {
    await g.sqlAs('service')(`insert into public.rsvps (event_id, user_id, status) values ($1, $2, 'going')`, [evt, who.id]);
  }

  // What the reader follows: a host, a topic (as typed: normalised) and a category.
  for (const [kind, value] of [['host', followedHost.id], ['topic', 'Board Games '], ['category', 'music']]) {
    const { error } = await asReader.from('follows').insert({ kind, value });
    expect(error).toBeNull();
  }
});
afterAll(() => g.stop());

describe('recommend_events', () => {
  it('explains each pick by its strongest signal, best first', async () => {
    const got = await picks();
    expect(got.map((p) => [p.title, p.signal, p.reason])).toEqual([
      ['Group night', 'group', "From Chess Club, a group you're in"],
      ['Host talk', 'host', 'Because you follow Ada Host'],
      ['Topic evening', 'topic', 'Because you follow board games'],
      ['Category concert', 'category', 'Because you follow Music'],
      ['Nearby walk', 'near', 'Near you: 4 km away'],
      ['Companions outing', 'co_attendees', "People you've been to events with are going"],
      ['Brand new meetup', 'new', 'New this week'],
    ]);
    const first = got[0]!;
    expect(first).toMatchObject({ id: ids['Group night'], slug: expect.any(String), starts_at: expect.any(String) });
  });

  it('never picks unlisted, private, draft, cancelled, past or members-only events, nor mine or ones I answered', async () => {
    const titles = (await picks(asReader, 50)).map((p) => p.title);
    for (const hidden of ['Unlisted party', 'Private dinner', 'Draft idea', 'Cancelled gig', 'Closed circle meeting',
      'My own event', 'Already going', 'Past picnic', 'Plain event']) expect(titles).not.toContain(hidden);
  });

  it('adds signals up: a followed topic on a group event outranks the group alone', async () => {
    const club = (await g.sqlAs('service')<{ group_id: string }>('select group_id from public.events where id = $1', [ids['Group night']]))[0]!;
    await event('Group board games', organizer, { group_id: club.group_id, tags: ['board games'] });
    const got = await picks();
    expect(got[0]).toMatchObject({ title: 'Group board games', signal: 'group' });
    expect(got[1]).toMatchObject({ title: 'Group night' });
    expect((await picks(asReader, 2)).map((p) => p.title)).toEqual(['Group board games', 'Group night']);
  });

  it("speaks the reader's language", async () => {
    await g.sqlAs('service')(`update public.profiles set locale = 'fr' where id = $1`, [reader.id]);
    try {
      const reasons = Object.fromEntries((await picks()).map((p) => [p.signal === 'group' ? p.title : p.signal, p.reason]));
      expect(reasons).toMatchObject({
        'Group night': 'De Chess Club, un groupe dont vous êtes membre',
        host: 'Parce que vous suivez Ada Host',
        category: 'Parce que vous suivez Musique',
        near: 'Près de chez vous : à 4 km',
        new: 'Nouveau cette semaine',
      });
      // The app passes the language on screen; one it does not speak falls back to the profile's.
      const german = await asReader.rpc('recommend_events', { max: 1, lang: 'de' });
      expect(german.data?.[0]?.reason).toBe('Von Chess Club, einer Gruppe, in der du bist');
      const unknown = await asReader.rpc('recommend_events', { max: 1, lang: 'ar-XB' });
      expect(unknown.data?.[0]?.reason).toBe('De Chess Club, un groupe dont vous êtes membre');
    } finally {
      await g.sqlAs('service')(`update public.profiles set locale = 'en' where id = $1`, [reader.id]);
    }
  });

  it("someone else's picks know nothing of the reader's follows, and nobody reads another's follows", async () => {
    const asStranger = await client(stranger);
    const theirs = await picks(asStranger);
    expect(theirs.map((p) => p.signal)).toEqual(['new']);
    const { data } = await asStranger.from('follows').select('*');
    expect(data).toEqual([]);
    const mine = await asReader.from('follows').select('kind, value').order('kind');
    expect(mine.data).toEqual([
      { kind: 'category', value: 'music' }, { kind: 'topic', value: 'board games' }, { kind: 'host', value: followedHost.id },
    ]);
  });

  it('answers bad calls in the API shape: visitors sign in, max 1-50, follows checked', async () => {
    const anon = await g.anon().rpc('recommend_events', { max: 5 });
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: 'not_signed_in' });
    const tooMany = await asReader.rpc('recommend_events', { max: 500 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.error).toMatchObject({ code: 'invalid_max' });

    const badCategory = await asReader.from('follows').insert({ kind: 'category', value: 'knitting' });
    expect(badCategory.error).toMatchObject({ code: 'invalid_follow' });
    const ghost = await asReader.from('follows').insert({ kind: 'host', value: '00000000-0000-4000-9000-999999999999' });
    expect(ghost.status).toBe(404);
    expect(ghost.error).toMatchObject({ code: 'host_not_found' });
    const self = await asReader.from('follows').insert({ kind: 'host', value: reader.id });
    expect(self.error).toMatchObject({ code: 'invalid_follow' });
    const forSomeoneElse = await asReader.from('follows').insert({ kind: 'topic', value: 'jazz', user_id: stranger.id } as never);
    expect(forSomeoneElse.error).not.toBeNull();
    const tooLong = await (await client(otherHost)).from('events').update({ tags: ['x'.repeat(31)] }).eq('id', ids['Plain event']!);
    expect(tooLong.error).toMatchObject({ code: 'invalid_tags' });
  });

  it('role by role: a banned member gets no group picks, a visitor reads no follows', async () => {
    const banned = await g.member('banned_one');
    const clubId = (await g.sqlAs('service')<{ group_id: string }>('select group_id from public.events where id = $1', [ids['Group night']]))[0]!.group_id;
    await join(g, banned, clubId);
    expect((await picks(await client(banned))).map((p) => p.signal)).toContain('group');
    await g.sqlAs(organizer)(`select public.ban_group_member($1, $2, true, 'spam')`, [clubId, banned.id]);
    expect((await picks(await client(banned))).map((p) => p.signal)).not.toContain('group');

    const anon = await g.anon().from('follows').select('*');
    expect(anon.data ?? []).toEqual([]);
    const anonInsert = await g.anon().from('follows').insert({ kind: 'topic', value: 'jazz' });
    expect(anonInsert.error).not.toBeNull();
  });

  it('unfollowing takes the signal away', async () => {
    const { error } = await asReader.from('follows').delete().eq('kind', 'category').eq('value', 'music');
    expect(error).toBeNull();
    expect((await picks()).map((p) => p.title)).not.toContain('Category concert');
  });
});
