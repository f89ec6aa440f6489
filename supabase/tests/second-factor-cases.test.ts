import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribed } from '../../server/test/helpers/realtime.ts';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { createEvent, startGather, type GatherServer } from './support/gather-server.ts';
import { account, accountWithFactor, signIn, type Account, type AccountWithFactor } from './support/sessions.ts';

// Issue 30 item 4, case by case through supabase-js (decision 0262): with TOTP on, a
// password-only (aal1) session read profile_private, fetched the calendar-feed token, RSVPed,
// edited the profile, uploaded, and joined private channels. Now each waits for the second step;
// a member without a factor does all of it at aal1, as before.

let g: GatherServer;
let owner: AccountWithFactor;
let plainAccount: Account;
let plain: SupabaseClient;
let publicEvent = '';
let privateEvent = '';

beforeAll(async () => {
  g = await startGather();
  const host = await g.member('host');
  publicEvent = (await createEvent(g, host, { title: 'Open to all' })).id;
  owner = await accountWithFactor(g, 'owner', async (a) => {
    privateEvent = (await createEvent(g, a.member, { title: 'Invitation only', visibility: 'private' })).id;
  });
  plainAccount = await account(g, 'plain');
  plain = await signIn(g, plainAccount.email);
  await plain.realtime.setAuth();
});
afterAll(() => g.stop());

const accessToken = async (c: SupabaseClient) => (await c.auth.getSession()).data.session!.access_token;

describe(`a password alone does not open an account with a second factor (${driverName})`, () => {
  it('profile_private: aal1 reads nothing, aal2 and a member without a factor read their row', async () => {
    expect((await owner.half.from('profile_private').select('id')).data).toEqual([]);
    expect((await owner.full.from('profile_private').select('id')).data).toEqual([{ id: owner.member.id }]);
    expect((await plain.from('profile_private').select('id')).data).toEqual([{ id: plainAccount.member.id }]);
  });

  it('the calendar-feed token: aal1 is refused (403 insufficient_aal); aal2 gets it and the feed answers', async () => {
    const refused = await owner.half.rpc('my_calendar_token');
    expect({ status: refused.status, code: refused.error?.code }).toEqual({ status: 403, code: 'insufficient_aal' });
    expect((await owner.half.rpc('regenerate_calendar_token')).error?.code).toBe('insufficient_aal');
    const { data: token, error } = await owner.full.rpc('my_calendar_token');
    expect(error).toBeNull();
    // The feed is fetched by calendar apps without a session: the token is its credential.
    const feed = await g.fetch(`/functions/v1/calendar-feed?token=${token as string}`);
    expect(feed.status).toBe(200);
    expect((await plain.rpc('my_calendar_token')).error).toBeNull();
  });

  it('RSVP: aal1 is refused and nothing is written; aal2 and a member without a factor RSVP', async () => {
    const refused = await owner.half.rpc('rsvp', { event_id: publicEvent });
    expect({ status: refused.status, code: refused.error?.code }).toEqual({ status: 403, code: 'insufficient_aal' });
    const rows = () => g.db.query('select 1 from public.rsvps where event_id = $1 and user_id = $2', [publicEvent, owner.member.id]).then((r) => r.rows.length);
    expect(await rows()).toBe(0);
    expect((await owner.full.rpc('rsvp', { event_id: publicEvent })).error).toBeNull();
    expect(await rows()).toBe(1);
    expect((await owner.half.rpc('cancel_rsvp', { event_id: publicEvent })).error?.code).toBe('insufficient_aal');
    expect(await rows()).toBe(1);
    expect((await plain.rpc('rsvp', { event_id: publicEvent })).error).toBeNull();
  });

  it('the profile: aal1 changes nothing; aal2 and a member without a factor edit theirs', async () => {
    const bio = async () => (await g.db.query<{ bio: string | null }>('select bio from public.profiles where id = $1', [owner.member.id])).rows[0]!.bio;
    const before = await bio();
    const half = await owner.half.from('profiles').update({ bio: 'Set with a password alone' }).eq('id', owner.member.id).select('bio');
    expect(half).toMatchObject({ error: null, data: [] });
    expect(await bio()).toBe(before);
    const full = await owner.full.from('profiles').update({ bio: 'Set after the code' }).eq('id', owner.member.id).select('bio');
    expect(full).toMatchObject({ error: null, data: [{ bio: 'Set after the code' }] });
    const plainEdit = await plain.from('profiles').update({ bio: 'No factor' }).eq('id', plainAccount.member.id).select('bio');
    expect(plainEdit.data).toEqual([{ bio: 'No factor' }]);
  });

  it('storage: aal1 uploads no avatar; aal2 and a member without a factor do', async () => {
    const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const upload = (c: SupabaseClient, id: string) => c.storage.from('avatars').upload(`${id}/avatar.png`, png, { contentType: 'image/png', upsert: true });
    expect((await upload(owner.half, owner.member.id)).error).not.toBeNull();
    expect((await upload(owner.full, owner.member.id)).error).toBeNull();
    expect((await upload(plain, plainAccount.member.id)).error).toBeNull();
    // Replacing or removing the file it cannot upload is refused too.
    expect((await owner.half.storage.from('avatars').remove([`${owner.member.id}/avatar.png`])).data).toEqual([]);
    expect((await owner.full.storage.from('avatars').list(owner.member.id)).data?.map((f) => f.name)).toEqual(['avatar.png']);
  });

  it('a private channel: aal1 is refused the join, aal2 and a member without a factor join', async () => {
    const topic = `event:${publicEvent}`;
    await expect(subscribed(owner.half.channel(topic, { config: { private: true } }))).rejects.toThrow();
    await subscribed(owner.full.channel(topic, { config: { private: true } }));
    await subscribed(plain.channel(topic, { config: { private: true } }));
    await expect(subscribed(owner.half.channel(`event:${privateEvent}`, { config: { private: true } }))).rejects.toThrow();
    await subscribed(owner.full.channel(`event:${privateEvent}`, { config: { private: true } }));
  });

  it('an edge function acting as the caller (event-ics) finds the private event at aal2 only', async () => {
    const ics = async (c: SupabaseClient) =>
      (await g.fetch(`/functions/v1/event-ics?id=${privateEvent}`, { headers: { Authorization: `Bearer ${await accessToken(c)}` } })).status;
    expect(await ics(owner.half)).toBe(404);
    expect(await ics(owner.full)).toBe(200);
  });

  it('as Supabase documents the rule, aal1 reads not even what visitors read (so the app sends no aal1 token)', async () => {
    expect((await g.anon().from('events').select('id').eq('id', publicEvent)).data).toEqual([{ id: publicEvent }]);
    expect((await owner.half.from('events').select('id').eq('id', publicEvent)).data).toEqual([]);
    expect((await owner.full.from('events').select('id').eq('id', publicEvent)).data).toEqual([{ id: publicEvent }]);
  });
});
