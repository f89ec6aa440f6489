import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';

// The calls the settings screen makes, through supabase-js, with the database's own words.
let g: GatherServer;
let ana: Member, ben: Member;
const client = async (m: Member) => {
  const token = await signToken(m.claims);
  return g.as(() => token);
};

beforeAll(async () => {
  g = await startGather();
  [ana, ben] = (await Promise.all([g.member('ana'), g.member('ben')])) as [Member, Member];
});
afterAll(() => g.stop());

describe('profile rules', () => {
  it('saves a valid profile and says why an invalid one is refused', async () => {
    const c = await client(ana);
    const ok = await c.from('profiles')
      .update({ display_name: 'Ana Lima', username: 'ana_lima', bio: 'Runs.', home_city: 'Lisbon' })
      .eq('id', ana.id).select('username, display_name, home_city').single();
    expect(ok.error).toBeNull();
    expect(ok.data).toEqual({ username: 'ana_lima', display_name: 'Ana Lima', home_city: 'Lisbon' });
    // The city's coordinates are private (decision 0097).
    const home = await c.from('profile_private').update({ home_lat: 38.72, home_lng: -9.14 }).eq('id', ana.id).select('home_lat, home_lng').single();
    expect(home.data).toEqual({ home_lat: 38.72, home_lng: -9.14 });

    const taken = await c.from('profiles').update({ username: 'ben' }).eq('id', ana.id);
    expect(taken.status).toBe(409);
    expect(taken.error).toMatchObject({ code: 'username_taken', message: 'That username is taken. Try another.' });

    const bad = await c.from('profiles').update({ username: 'Ana Lima!' }).eq('id', ana.id);
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ code: 'invalid_username', message: 'A username is 3 to 30 characters: lowercase letters, digits and _.' });

    const longName = await c.from('profiles').update({ display_name: 'x'.repeat(61) }).eq('id', ana.id);
    expect(longName.error).toMatchObject({ code: 'invalid_display_name', message: 'Your name can be at most 60 characters.' });
    const noName = await c.from('profiles').update({ display_name: '' }).eq('id', ana.id);
    expect(noName.error).toMatchObject({ code: 'invalid_display_name', message: 'Enter your name.' });
    const longBio = await c.from('profiles').update({ bio: 'x'.repeat(301) }).eq('id', ana.id);
    expect(longBio.error).toMatchObject({ code: 'invalid_bio', message: 'Your bio can be at most 300 characters.' });

    // Keeping one's own username is not a conflict.
    expect((await c.from('profiles').update({ username: 'ana_lima', bio: 'Runs far.' }).eq('id', ana.id)).error).toBeNull();
  });

  it('gives a new member a free username even when the wanted one is taken', async () => {
    const id = '00000000-0000-4000-9000-00000000b2b2';
    await g.db.query(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', 'another.ben@test.example', $2, now(), now())`,
      [id, { username: 'ben', display_name: 'Another Ben' }],
    );
    const row = (await g.db.query<{ username: string }>('select username from public.profiles where id = $1', [id])).rows[0];
    expect(row?.username).toBe('ben_1');
  });
});

describe('notification preferences', () => {
  it('upserts the member\'s own row and reads it back; others cannot', async () => {
    const c = await client(ben);
    const saved = await c.from('notification_preferences')
      .upsert({ user_id: ben.id, email_reminders: false, email_rsvp_updates: true, email_host_messages: false }, { onConflict: 'user_id' })
      .select('email_reminders, email_rsvp_updates, email_host_messages').single();
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual({ email_reminders: false, email_rsvp_updates: true, email_host_messages: false });

    const foreign = await c.from('notification_preferences').upsert({ user_id: ana.id, email_reminders: false }, { onConflict: 'user_id' });
    expect(foreign.error?.code).toBe('42501');
    const anas = await (await client(ana)).from('notification_preferences').select('email_reminders').eq('user_id', ana.id).single();
    expect(anas.data).toEqual({ email_reminders: true });
  });
});

describe('profile language', () => {
  it('comes from the sign-up metadata, and a supported one only', async () => {
    const insert = (id: string, email: string, meta: Record<string, unknown>) =>
      g.db.query(
        `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
         values ($1, 'authenticated', 'authenticated', $2, $3, now(), now())`,
        [id, email, meta],
      );
    await insert('00000000-0000-4000-9000-0000000de0de', 'jonas@test.example', { display_name: 'Jonas', locale: 'de' });
    await insert('00000000-0000-4000-9000-0000000de0df', 'xavier@test.example', { display_name: 'Xavier', locale: 'xx' });
    const { rows } = await g.db.query<{ username: string; locale: string | null }>(
      `select username, locale from public.profiles where id in ($1, $2) order by username`,
      ['00000000-0000-4000-9000-0000000de0de', '00000000-0000-4000-9000-0000000de0df'],
    );
    expect(rows).toEqual([{ username: 'jonas', locale: 'de' }, { username: 'xavier', locale: null }]);
  });

  it('is the member\'s to change, and Auth\'s metadata follows it for Auth\'s own emails', async () => {
    const c = await client(ana);
    const meta = async () =>
      (await g.db.query<{ meta: Record<string, unknown> }>('select raw_user_meta_data as meta from auth.users where id = $1', [ana.id])).rows[0]!.meta;
    expect((await c.from('profiles').update({ locale: 'pt-BR' }).eq('id', ana.id)).error).toBeNull();
    expect((await meta()).locale).toBe('pt-BR');
    expect((await meta()).display_name).toBe('ana'); // the rest of the metadata stays

    const bad = await c.from('profiles').update({ locale: 'klingon' }).eq('id', ana.id);
    expect(bad.error?.code).toBe('23514');
    expect((await meta()).locale).toBe('pt-BR');

    expect((await c.from('profiles').update({ locale: null }).eq('id', ana.id)).error).toBeNull();
    expect('locale' in (await meta())).toBe(false);

    // Nobody else's.
    await (await client(ben)).from('profiles').update({ locale: 'fr' }).eq('id', ana.id);
    expect((await g.db.query('select locale from public.profiles where id = $1', [ana.id])).rows[0]).toEqual({ locale: null });
  });

  it('reaches notify with each notification, English when none was chosen', async () => {
    const { rows } = await g.db.query<{ id: string }>(
      `insert into public.notifications (user_id, kind, payload) values ($1, 'rsvp_promoted', '{}'), ($2, 'rsvp_promoted', '{}') returning id`,
      [ana.id, ben.id],
    );
    await g.db.query(`update public.profiles set locale = 'es' where id = $1`, [ben.id]);
    const locales = await Promise.all(
      rows.map(async (r) => (await g.sqlAs('service')<{ n: { locale: string } }>('select public.notification_email($1) as n', [r.id]))[0]!.n.locale),
    );
    expect(locales).toEqual(['en', 'es']);
  });
});
