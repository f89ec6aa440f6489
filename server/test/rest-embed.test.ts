import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startRestServer, type RestServer } from './fixtures/rest-fixture.ts';

let s: RestServer;
beforeAll(async () => {
  s = await startRestServer();
});
afterAll(() => s.stop());

const anon = () => s.anon();
const get = async (q: string) => {
  const res = await s.rest(q);
  return { status: res.status, body: await res.json() };
};

describe(`resource embedding (${driverName})`, () => {
  it('embeds many-to-one as an object (null when missing) and one-to-many as an array', async () => {
    const { data, error } = await anon().from('events').select('id, venues(name), comments(body)').order('id').order('id', { referencedTable: 'comments' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, venues: { name: 'Hall' }, comments: [{ body: 'Can I bring Catan?' }, { body: 'Yes!' }, { body: 'Please do' }] },
      { id: 2, venues: { name: 'Cafe' }, comments: [{ body: 'What time?' }] },
      { id: 3, venues: { name: 'Park' }, comments: [] },
    ]);
    const draft = await s.service().from('events').select('id, venues(name)').eq('id', 4).single();
    expect(draft.data).toEqual({ id: 4, venues: null });
  });

  it('embeds one-to-one both ways as objects', async () => {
    const { data } = await anon().from('events').select('id, event_pages(body)').order('id').limit(2);
    expect(data).toEqual([
      { id: 1, event_pages: { body: 'Bring your favourite game' } },
      { id: 2, event_pages: { body: 'Clocks provided' } },
    ]);
    const back = await anon().from('event_pages').select('body, events(title)').eq('event_id', 2).single();
    expect(back.data).toEqual({ body: 'Clocks provided', events: { title: 'Chess club' } });
  });

  it('embeds many-to-many through the junction table', async () => {
    const { data } = await anon().from('events').select('id, tags(name)').order('id').order('name', { referencedTable: 'tags' });
    expect(data).toEqual([
      { id: 1, tags: [{ name: 'games' }, { name: 'social' }] },
      { id: 2, tags: [{ name: 'games' }] },
      { id: 3, tags: [{ name: 'outdoor' }, { name: 'social' }] },
    ]);
    const back = await anon().from('tags').select('name, events!event_tags(id)').eq('name', 'outdoor').single();
    expect(back.data).toEqual({ name: 'outdoor', events: [{ id: 3 }] });
  });

  it('nests embeds and aliases them', async () => {
    const { data } = await anon()
      .from('events')
      .select('title, place:venues(name, city), people:rsvps(status, who:profiles(username))')
      .eq('id', 2)
      .single();
    expect(data).toEqual({ title: 'Chess club', place: { name: 'Cafe', city: 'Lyon' }, people: [{ status: 'declined', who: { username: 'cy' } }] });
  });

  it('disambiguates with FK constraint and column hints, and answers PGRST201 without one', async () => {
    const amb = await get('/events?select=id,profiles(username)');
    expect(amb.status).toBe(300);
    expect(amb.body.code).toBe('PGRST201');
    expect(amb.body.message).toBe("Could not embed because more than one relationship was found for 'events' and 'profiles'");
    expect(amb.body.details).toEqual([
      { cardinality: 'many-to-one', embedding: 'events with profiles', relationship: 'events_cohost_id_fkey using events(cohost_id) and profiles(id)' },
      { cardinality: 'many-to-one', embedding: 'events with profiles', relationship: 'events_host_id_fkey using events(host_id) and profiles(id)' },
      { cardinality: 'many-to-many', embedding: 'events with profiles', relationship: 'rsvps using rsvps_event_id_fkey(event_id) and rsvps_profile_id_fkey(profile_id)' },
    ]);
    expect(amb.body.hint).toBe(
      "Try changing 'profiles' to one of the following: 'profiles!events_cohost_id_fkey', 'profiles!events_host_id_fkey', 'profiles!rsvps'. Find the desired relationship in the 'details' key.",
    );
    const { data } = await anon()
      .from('events')
      .select('id, host:profiles!events_host_id_fkey(username), cohost:profiles!cohost_id(username)')
      .eq('id', 1)
      .single();
    expect(data).toEqual({ id: 1, host: { username: 'ada' }, cohost: { username: 'bob' } });
    const attendees = await get('/events?select=id,profiles!rsvps(username)&id=eq.2');
    expect(attendees.body).toEqual([{ id: 2, profiles: [{ username: 'cy' }] }]);
    const byColumn = await get('/events?select=id,host_id(username)&id=eq.1');
    expect(byColumn.body).toEqual([{ id: 1, host_id: { username: 'ada' } }]);
  });

  it('answers PGRST200 for unknown relationships with a suggestion', async () => {
    const res = await get('/events?select=id,venue(name)');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'PGRST200',
      details: "Searched for a foreign key relationship between 'events' and 'venue' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'venues' instead of 'venue'.",
      message: "Could not find a relationship between 'events' and 'venue' in the schema cache",
    });
    const hinted = await get('/events?select=id,venues!nope(name)');
    expect(hinted.body.details).toContain("using the hint 'nope'");
  });

  it('embeds a self reference: parent by column name, children by table name', async () => {
    const { data } = await anon().from('comments').select('body, parent_id(body), replies:comments(body)').eq('id', 1).single();
    expect(data).toEqual({ body: 'Can I bring Catan?', parent_id: null, replies: [{ body: 'Yes!' }, { body: 'Please do' }] });
    const child = await anon().from('comments').select('body, parent:parent_id(body)').eq('id', 2).single();
    expect(child.data).toEqual({ body: 'Yes!', parent: { body: 'Can I bring Catan?' } });
  });

  it('filters parents with !inner and with null-embed filters', async () => {
    const inner = await anon().from('events').select('id, comments!inner(body)').eq('comments.body', 'What time?');
    expect(inner.data).toEqual([{ id: 2, comments: [{ body: 'What time?' }] }]);
    const left = await anon().from('events').select('id, comments!left(body)').eq('comments.body', 'What time?').order('id');
    expect(left.data?.map((r) => r.comments.length)).toEqual([0, 1, 0]);
    const some = await get('/events?select=id,comments()&comments=not.is.null&order=id');
    expect(some.body).toEqual([{ id: 1 }, { id: 2 }]);
    const none = await get('/events?select=id,comments(id)&comments=is.null');
    expect(none.body).toEqual([{ id: 3, comments: [] }]);
    const or = await get('/events?select=id,event_pages(body),comments(id)&or=(event_pages.is.null,comments.is.null)&order=id');
    expect(or.body.map((r: { id: number }) => r.id)).toEqual([3]);
    const count = await s.rest('/events?select=id,comments!inner(id)', { headers: { prefer: 'count=exact' } });
    expect(count.headers.get('content-range')).toBe('0-1/2');
  });

  it('filters, orders, limits and offsets embedded rows only', async () => {
    const { data } = await anon()
      .from('events')
      .select('id, rsvps(status, profile_id)')
      .eq('id', 1)
      .neq('rsvps.status', 'maybe')
      .order('profile_id', { referencedTable: 'rsvps', ascending: false })
      .limit(1, { referencedTable: 'rsvps' })
      .single();
    expect(data).toEqual({ id: 1, rsvps: [{ status: 'going', profile_id: '00000000-0000-0000-0000-0000000000c3' }] });
    const offset = await get('/events?select=id,comments(id)&id=eq.1&comments.order=id&comments.offset=1&comments.limit=1');
    expect(offset.body).toEqual([{ id: 1, comments: [{ id: 2 }] }]);
    const or = await anon().from('events').select('id, comments(id)').eq('id', 1).or('id.eq.1,id.eq.3', { referencedTable: 'comments' });
    expect(or.data).toEqual([{ id: 1, comments: [{ id: 1 }, { id: 3 }] }]);
    const nested = await get('/events?select=id,rsvps(status,profiles(username))&id=eq.1&rsvps.profiles.username=eq.cy&rsvps.order=status,profile_id');
    expect(nested.body[0].rsvps).toEqual([
      { status: 'going', profiles: null },
      { status: 'going', profiles: { username: 'cy' } },
      { status: 'maybe', profiles: null },
    ]);
  });

  it('orders parents by a to-one embed column, and refuses to-many with PGRST118', async () => {
    const res = await get('/events?select=id,venues(name)&order=venues(name).desc');
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([3, 1, 2]);
    const bad = await get('/events?select=id,comments(id)&order=comments(id)');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      code: 'PGRST118',
      details: "'events' and 'comments' do not form a many-to-one or one-to-one relationship",
      hint: null,
      message: "A related order on 'comments' is not possible",
    });
  });

  it('answers PGRST108 for filters or orders on embeds not in select', async () => {
    const res = await get('/events?select=id&venues.name=eq.Hall');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'PGRST108',
      details: null,
      hint: "Verify that 'venues' is included in the 'select' query parameter.",
      message: "'venues' is not an embedded resource in this request",
    });
    expect((await get('/events?select=id&venues.order=name')).body.code).toBe('PGRST108');
  });

  it('spreads to-one columns into the parent and to-many columns as arrays', async () => {
    const one = await anon().from('events').select('title, ...venues(venue:name, city)').eq('id', 1).single();
    expect(one.data).toEqual({ title: 'Board games night', venue: 'Hall', city: 'Paris' });
    const many = await get('/events?select=id,...comments(body)&id=eq.1&comments.order=id');
    expect(many.body).toEqual([{ id: 1, body: ['Can I bring Catan?', 'Yes!', 'Please do'] }]);
    const empty = await get('/events?select=id,...comments(body)&id=eq.3');
    expect(empty.body).toEqual([{ id: 3, body: [] }]);
  });

  it('embeds through views using the base tables keys', async () => {
    const { data } = await anon().from('upcoming_events').select('title, venues(name), rsvps(status)').order('id');
    expect(data).toEqual([
      { title: 'Board games night', venues: { name: 'Hall' }, rsvps: [{ status: 'going' }, { status: 'maybe' }, { status: 'going' }] },
      { title: 'Chess club', venues: { name: 'Cafe' }, rsvps: [{ status: 'declined' }] },
    ]);
    const back = await anon().from('venues').select('name, upcoming_events(title)').eq('id', 2).single();
    expect(back.data).toEqual({ name: 'Cafe', upcoming_events: [{ title: 'Chess club' }] });
  });

  it('embeds computed relationships (setof and rows 1)', async () => {
    const { data } = await anon().from('events').select('id, going(username), host_profile(username)').eq('id', 1).single();
    expect(data?.host_profile).toEqual({ username: 'ada' });
    expect(data?.going.map((p: { username: string }) => p.username).sort()).toEqual(['ada', 'cy']);
  });

  it('refuses aggregates unless enabled, then groups automatically', async () => {
    // Role settings in this database only: on PostgreSQL roles are shared by the cluster.
    const setting = (v: string) =>
      s.sql(`do $$ begin execute format('alter role authenticator in database %I set pgrst.db_aggregates_enabled = %L', current_database(), '${v}'); end $$`);
    await setting('false');
    const off = await get('/rsvps?select=status,count()');
    expect(off.status).toBe(400);
    expect(off.body).toEqual({ code: 'PGRST123', details: null, hint: null, message: 'Use of aggregate functions is not allowed' });
    await setting('true');
    try {
      const counts = await get('/rsvps?select=status,count()&order=status');
      expect(counts.body).toEqual([
        { status: 'going', count: 3 },
        { status: 'maybe', count: 1 },
        { status: 'declined', count: 1 },
      ]);
      const sums = await get('/events?select=price.sum(),n:id.count(),max_id:id.max()::text');
      expect(sums.body).toEqual([{ sum: 5.0, n: 3, max_id: '3' }]);
      const perEmbed = await get('/events?select=id,rsvps(count())&order=id');
      expect(perEmbed.body).toEqual([
        { id: 1, rsvps: [{ count: 3 }] },
        { id: 2, rsvps: [{ count: 1 }] },
        { id: 3, rsvps: [{ count: 1 }] },
      ]);
      const hoisted = await get('/events?select=id,...venues(city,capacity.sum())&order=id');
      expect(hoisted.status).toBe(200);
      const toMany = await get('/events?select=id,...rsvps(count())');
      expect(toMany.status).toBe(400);
      expect(toMany.body.code).toBe('PGRST127');
    } finally {
      await s.sql(`do $$ begin execute format('alter role authenticator in database %I reset pgrst.db_aggregates_enabled', current_database()); end $$`);
    }
  });

  it('answers the same embed twice without aliases as PostgREST does (42712)', async () => {
    const res = await get('/events?select=profiles!events_host_id_fkey(id),profiles!events_cohost_id_fkey(id)');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: '42712', message: 'table name "events_profiles_1" specified more than once' });
  });
});
