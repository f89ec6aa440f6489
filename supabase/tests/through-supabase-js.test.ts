import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let H: Member, A: Member, B: Member;
const client = async (m: Member) => {
  const token = await signToken(m.claims);
  return g.as(() => token);
};

beforeAll(async () => {
  g = await startGather();
  [H, A, B] = (await Promise.all([g.member('host'), g.member('ana'), g.member('ben')])) as [Member, Member, Member];
});
afterAll(() => g.stop());

describe('the app\'s calls through supabase-js', () => {
  it('RSVPs through the RPC and gets the catalogue error with its code, text and status', async () => {
    const e = await createEvent(g, H, { capacity: 1, waitlist_enabled: false });
    const ana = await client(A);
    const ok = await ana.rpc('rsvp', { event_id: e.id });
    expect(ok.error).toBeNull();
    expect(ok.data).toMatchObject({ status: 'going', spots_left: 0 });
    const full = await (await client(B)).rpc('rsvp', { event_id: e.id });
    expect(full.status).toBe(409);
    expect(full.error).toMatchObject({ code: 'event_full', message: 'This event is full.' });
  });

  it('reads events with embedded hosts and live counts, as Discover does', async () => {
    await createEvent(g, H, { title: 'Embedded read', capacity: 10 });
    const { data, error } = await g.anon()
      .from('events')
      .select('slug, title, host:profiles!events_host_id_fkey(username, display_name), event_stats(going_count, spots_left)')
      .eq('title', 'Embedded read')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ title: 'Embedded read', host: { username: 'host' }, event_stats: { going_count: 0, spots_left: 10 } });
  });

  it('embeds the online link only for those going', async () => {
    const e = await createEvent(g, H, { title: 'Online too', is_online: true });
    await g.sqlAs(H)('insert into public.event_online_links (event_id, url) values ($1, $2)', [e.id, 'https://meet.example/secret']);
    const read = (c: ReturnType<GatherServer['anon']>) =>
      c.from('events').select('title, is_online, online_link:event_online_links(url)').eq('id', e.id).single();
    expect((await read(g.anon())).data).toEqual({ title: 'Online too', is_online: true, online_link: null });
    const ben = await client(B);
    expect((await read(ben)).data?.online_link).toBeNull();
    await ben.rpc('rsvp', { event_id: e.id });
    expect((await read(ben)).data?.online_link).toEqual({ url: 'https://meet.example/secret' });
  });

  it('searches with search_events and pages with a count', async () => {
    await createEvent(g, H, { title: 'Searchable jazz evening', category: 'music' });
    const { data, count, error } = await g.anon().rpc('search_events', { query: 'jazz', category: 'music' }, { count: 'exact' }).select('title').range(0, 19);
    expect(error).toBeNull();
    expect(count).toBe(1);
    expect(data).toEqual([{ title: 'Searchable jazz evening' }]);
  });

  it('reports a validation rule in the form\'s words', async () => {
    const host = await client(H);
    const starts = new Date(Date.now() + 864e5).toISOString();
    const { error, status } = await host.from('events').insert({ host_id: H.id, title: 'ok', starts_at: starts, ends_at: starts, is_online: true });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'invalid_title', message: 'The title must be 3 to 120 characters long.' });
  });
});
