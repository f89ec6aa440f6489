import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';

// A profile's private part (decision 0097), role by role through supabase-js: the home's
// coordinates and suspension are the member's and the admins' to read, nobody else's; the
// public profile (with `select=*`) shows the city and nothing private.
let g: GatherServer;
let ana: Member, ben: Member, admin: Member;
const client = async (m: Member): Promise<SupabaseClient> => {
  const token = await signToken(m.claims);
  return g.as(() => token);
};
const PRIVATE = ['home_lat', 'home_lng', 'suspended_at'];

beforeAll(async () => {
  g = await startGather();
  [ana, ben, admin] = (await Promise.all([g.member('ana'), g.member('ben'), g.member('admin', { admin: true })])) as [Member, Member, Member];
  const c = await client(ana);
  expect((await c.from('profiles').update({ home_city: 'Lisbon' }).eq('id', ana.id)).error).toBeNull();
  expect((await c.from('profile_private').update({ home_lat: 38.72, home_lng: -9.14 }).eq('id', ana.id)).error).toBeNull();
  await (await client(admin)).rpc('suspend_user', { user_id: ben.id, suspended: true, reason: 'spam' });
});
afterAll(() => g.stop());

describe(`private profile columns (${driverName})`, () => {
  it('public profiles, even with select=*, show the city and nothing private, to everyone', async () => {
    for (const c of [g.anon(), await client(ben), await client(admin), await client(ana)]) {
      const { data, error } = await c.from('profiles').select('*').order('username');
      expect(error).toBeNull();
      expect(data!.map((p) => p.username)).toEqual(['admin', 'ana', 'ben']);
      for (const row of data!) for (const col of PRIVATE) expect(row).not.toHaveProperty(col);
      expect(data!.find((p) => p.username === 'ana')).toMatchObject({ home_city: 'Lisbon' });
    }
  });

  it('gives the private part to its member and to admins only', async () => {
    const read = async (c: SupabaseClient) => (await c.from('profile_private').select('id, home_lat, home_lng, suspended_at').order('id')).data;
    expect(await read(g.anon())).toEqual([]);
    expect(await read(await client(ana))).toEqual([{ id: ana.id, home_lat: 38.72, home_lng: -9.14, suspended_at: null }]);
    expect((await read(await client(admin)))!.map((r) => r.id).sort()).toEqual([ana.id, ben.id, admin.id].sort());
    expect((await read(await client(admin)))!.find((r) => r.id === ben.id)!.suspended_at).not.toBeNull();
    // Embedded from a profile, as the settings screen reads it: the member's own only.
    const embed = async (c: SupabaseClient) =>
      (await c.from('profiles').select('username, private:profile_private(home_lat)').eq('username', 'ana').single()).data;
    expect(await embed(await client(ana))).toEqual({ username: 'ana', private: { home_lat: 38.72 } });
    expect(await embed(await client(admin))).toEqual({ username: 'ana', private: { home_lat: 38.72 } });
    expect(await embed(g.anon())).toEqual({ username: 'ana', private: null });
  });

  it('lets a member change their own home, and nobody else\'s, and never their suspension', async () => {
    const a = await client(ana);
    const other = await (await client(admin)).from('profile_private').update({ home_lat: 0 }).eq('id', ana.id).select('id');
    expect(other.data).toEqual([]);
    expect((await a.from('profile_private').update({ home_lat: 10 }).eq('id', admin.id).select('id')).data).toEqual([]);
    expect((await a.from('profile_private').update({ suspended_at: null }).eq('id', ana.id)).error?.code).toBe('42501');
    expect((await a.from('profile_private').update({ home_lat: 95 }).eq('id', ana.id)).error?.code).toBe('23514');
    expect((await a.from('profile_private').update({ home_lat: 41.15, home_lng: -8.61 }).eq('id', ana.id).select('home_lat')).data).toEqual([{ home_lat: 41.15 }]);
    // A suspended member changes nothing, and no member can insert or delete a private row.
    const b = await client(ben);
    expect((await b.from('profile_private').update({ home_lat: 1 }).eq('id', ben.id)).error).toMatchObject({ code: 'suspended' });
    expect((await a.from('profile_private').insert({ id: ana.id })).error?.code).toBe('42501');
    expect((await a.from('profile_private').delete().eq('id', ana.id)).error?.code).toBe('42501');
  });

  it('makes the private part with every new member, and suspension still bites', async () => {
    const cy = await g.member('cy');
    expect((await g.db.query('select home_lat, suspended_at from public.profile_private where id = $1', [cy.id])).rows).toEqual([{ home_lat: null, suspended_at: null }]);
    // ben is suspended: writes are refused with the catalogue's error.
    expect((await (await client(ben)).from('profiles').update({ bio: 'still here' }).eq('id', ben.id)).error).toMatchObject({ code: 'suspended' });
  });
});
