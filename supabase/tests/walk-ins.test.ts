// Walk-ins at the door (issue 32, host tools): the door team adds someone without an RSVP by
// name, in at once, while check-in is open; only the door team sees or removes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let host: Member, guest: Member;
let open = '';
let later = '';
beforeAll(async () => {
  g = await startGather();
  [host, guest] = (await Promise.all([g.member('walk_host'), g.member('walk_guest')])) as [Member, Member];
  const soon = new Date(Date.now() + 3600_000);
  ({ id: open } = await createEvent(g, host, { starts_at: soon.toISOString(), ends_at: new Date(soon.getTime() + 3 * 3600_000).toISOString() }));
  ({ id: later } = await createEvent(g, host, { days: 5 }));
});
afterAll(() => g.stop());

type WalkIn = { id: string; event_id: string; name: string; email: string | null; added_by: string };

describe('walk-ins', () => {
  it('are added by name (and an email if given) while check-in is open, and seen by the door team only', async () => {
    const [row] = await g.sqlAs(host)<{ w: WalkIn }>('select to_jsonb(public.add_walk_in($1, $2, $3)) as w', [open, '  Ana Walker ', 'ana@example.com']);
    expect(row!.w).toMatchObject({ event_id: open, name: 'Ana Walker', email: 'ana@example.com', added_by: host.id });
    await g.sqlAs(host)('select public.add_walk_in($1, $2)', [open, 'Bo']);
    expect((await g.sqlAs(host)<{ name: string }>('select name from public.event_walk_ins where event_id = $1 order by created_at', [open])).map((r) => r.name))
      .toEqual(['Ana Walker', 'Bo']);
    expect(await g.sqlAs(guest)('select * from public.event_walk_ins')).toEqual([]);
    expect(await g.sqlAs('anon')('select * from public.event_walk_ins').catch(() => [])).toEqual([]);
  });

  it('refuses other people, a closed door, an empty name and a bad address, in the catalogue\'s words', async () => {
    expect(await expectAppError(g.sqlAs(guest)('select public.add_walk_in($1, $2)', [open, 'Sneaky']))).toMatchObject({ code: 'not_host', status: 403 });
    expect(await expectAppError(g.sqlAs(host)('select public.add_walk_in($1, $2)', [later, 'Early']))).toMatchObject({ code: 'check_in_closed', status: 409 });
    expect(await expectAppError(g.sqlAs(host)('select public.add_walk_in($1, $2)', [open, '   ']))).toMatchObject({ code: 'invalid_walk_in_name', status: 400 });
    expect(await expectAppError(g.sqlAs(host)('select public.add_walk_in($1, $2, $3)', [open, 'Cy', 'not-an-address']))).toMatchObject({ code: 'invalid_walk_in_email', status: 400 });
    await expect(g.sqlAs('anon')('select public.add_walk_in($1, $2)', [open, 'Anon'])).rejects.toThrow(/permission denied/);
  });

  it('can be removed by the door team, not by others', async () => {
    const [{ id }] = (await g.sqlAs(host)<{ id: string }>('select id from public.event_walk_ins where name = $1', ['Bo'])) as [{ id: string }];
    expect(await expectAppError(g.sqlAs(guest)('select public.remove_walk_in($1)', [id]))).toMatchObject({ code: 'not_host' });
    await g.sqlAs(host)('select public.remove_walk_in($1)', [id]);
    expect((await g.sqlAs(host)('select id from public.event_walk_ins where id = $1', [id])).length).toBe(0);
  });
});
