import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup } from './support/group-cast.ts';
import { invite } from './support/invitations.ts';
import type { InboxMail } from './support/notification-mail.ts';

// Decision 0307, the whole path as in production: `invite_to_event` records the invitations, the
// trigger posts them to `send-invitations` through pg_net after commit, the function emails each
// through the mail endpoint into the outbox, which the development inbox shows — in the
// invitee's language, or the host's when the address has no account — with a link that works.

let g: GatherServer;
let host: Member, german: Member;

async function inbox(address: string): Promise<InboxMail[]> {
  const res = await g.fetch(`/_inbox/messages?to=${encodeURIComponent(address)}`);
  return ((await res.json()) as { messages: InboxMail[] }).messages.filter((m) => m.kind === 'invitation');
}

/** Waits until every email invitation of the target has its email handled, then reads `address`'s. */
async function settled(targetId: string, address: string): Promise<InboxMail[]> {
  await expect.poll(async () => (await g.db.query<{ n: number }>(
    `select count(*)::int as n from public.invitations where (event_id = $1 or group_id = $1) and via = 'email' and emailed_at is null`,
    [targetId])).rows[0]!.n, { timeout: 30_000, interval: 100 }).toBe(0);
  return inbox(address);
}

const tokenIn = (mail: InboxMail) => {
  // The dot of the signed token is `~` in the page's address (invitationUrl).
  const link = /https?:\/\/\S+\/invitations\/([0-9a-f-]{36}~[0-9a-f]{32})$/m.exec(mail.text);
  if (!link) throw new Error(`no invitation link in: ${mail.text}`);
  expect(mail.html).toContain(`/invitations/${link[1]}"`);
  return link[1]!.replace('~', '.');
};

beforeAll(async () => {
  g = await startGather();
  host = await g.member('mail_host');
  german = await g.member('mail_german');
  await g.db.query(`update public.profiles set display_name = 'Ada Host', locale = 'fr' where id = $1`, [host.id]);
  await g.db.query(`update public.profiles set locale = 'de' where id = $1`, [german.id]);
});
afterAll(() => g.stop());

describe(`invitation emails (${driverName})`, () => {
  it('lands in each inbox once, in the invitee\'s language or the host\'s, with a link that opens the invitation', async () => {
    const e = await createEvent(g, host, { title: 'Dîner privé', visibility: 'private' });
    await invite(g, host, e.id, 'guest@elsewhere.example, mail_german@test.example');

    const [guestMail] = await settled(e.id, 'guest@elsewhere.example');
    expect(guestMail).toBeDefined();
    // No account: the host's language (French here).
    expect(guestMail!.subject).toBe('Ada Host vous invite à Dîner privé');
    expect(guestMail!.text).toMatch(/^Bonjour,\n/);
    expect(guestMail!.text).toContain('Quand\u202f: ');
    expect(guestMail!.text).toContain('guest@elsewhere.example');
    const [germanMail] = await inbox('mail_german@test.example');
    expect(germanMail!.subject).toBe('Ada Host hat dich zu Dîner privé eingeladen');

    // The link works: its token opens the invitation for a visitor, through the API as the page asks.
    const token = tokenIn(guestMail!);
    const { data, error } = await g.anon().rpc('invitation_details', { token });
    expect(error).toBeNull();
    expect(data).toMatchObject({ kind: 'email', email: 'guest@elsewhere.example', event: { id: e.id, title: 'Dîner privé' } });
    const germanAnswer = await g.sqlAs(german)<{ r: { response: string } }>('select public.accept_invitation($1, $2) as r', [tokenIn(germanMail!), 'going']);
    expect(germanAnswer[0]!.r.response).toBe('going');

    // Once: another call for the same invitations sends nothing more.
    const { rows } = await g.db.query<{ id: string }>('select id from public.invitations where event_id = $1', [e.id]);
    const again = await g.service().functions.invoke('send-invitations', { body: { ids: rows.map((r) => r.id) } });
    expect(again.error).toBeNull();
    expect((again.data as { results: { outcome: string }[] }).results.map((r) => r.outcome)).toEqual(['already_handled', 'already_handled']);
    expect(await inbox('guest@elsewhere.example')).toHaveLength(1);
    const statuses = await g.db.query<{ email_status: string }>('select email_status from public.invitations where event_id = $1', [e.id]);
    expect(statuses.rows.map((r) => r.email_status)).toEqual(['sent', 'sent']);
  });

  it('a group invitation says so; the language the host\'s app shows wins over none', async () => {
    await g.db.query('update public.profiles set locale = null where id = $1', [host.id]);
    const grp = await createGroup(g, host, { name: 'Club de lecture', visibility: 'private', join_policy: 'approval' });
    await g.sqlAs(host)('select public.invite_to_group($1, $2, $3)', [grp.id, 'reader@elsewhere.example', 'es']);
    const [mail] = await settled(grp.id, 'reader@elsewhere.example');
    expect(mail!.subject).toBe('Ada Host te ha invitado a unirte a Club de lecture');
    const { data } = await g.anon().rpc('invitation_details', { token: tokenIn(mail!) });
    expect(data).toMatchObject({ group: { id: grp.id, name: 'Club de lecture' } });
  });

  it('skips an invitation to an event that was cancelled before its email went', async () => {
    const e = await createEvent(g, host, { title: 'Called off' });
    await g.db.exec('alter table public.invitations disable trigger invitations_email');
    try {
      await invite(g, host, e.id, 'late@elsewhere.example');
    } finally {
      await g.db.exec('alter table public.invitations enable trigger invitations_email');
    }
    await g.sqlAs(host)(`update public.events set status = 'cancelled' where id = $1`, [e.id]);
    const { rows } = await g.db.query<{ n: number }>('select private.email_pending_invitations() as n');
    expect(rows[0]!.n).toBe(0); // younger than a minute: the sweep leaves it to the trigger
    const id = (await g.db.query<{ id: string }>('select id from public.invitations where event_id = $1', [e.id])).rows[0]!.id;
    const sent = await g.service().functions.invoke('send-invitations', { body: { id } });
    expect((sent.data as { results: unknown[] }).results).toEqual([{ id, outcome: 'skipped', why: 'the event is cancelled', recorded: true }]);
    expect(await inbox('late@elsewhere.example')).toEqual([]);
    const job = await g.db.query<{ schedule: string }>(`select schedule from cron.job where jobname = 'gather-email-invitations'`);
    expect(job.rows[0]?.schedule).toBe('* * * * *');
  });

  it('answers only the service role', async () => {
    const body = { id: '00000000-0000-4000-8000-000000000000' };
    const anon = await g.anon().functions.invoke('send-invitations', { body });
    expect(((anon.error as FunctionsHttpError).context as Response).status).toBe(403);
    const bad = await g.service().functions.invoke('send-invitations', { body: { ids: ['nope'] } });
    expect(((bad.error as FunctionsHttpError).context as Response).status).toBe(400);
    const missing = await g.service().functions.invoke('send-invitations', { body });
    expect(missing.data).toEqual({ results: [{ id: body.id, outcome: 'not_found' }] });
    // The email's data is the service role's only.
    expect((await g.anon().rpc('invitation_email', { invitation_id: body.id })).error?.code).toBe('42501');
  });
});
