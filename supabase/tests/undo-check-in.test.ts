// Undoing a check-in at the door (issue 32): whoever may check people in can undo one; the
// guest is back as not arrived and the counts follow; nobody else can, and nothing to undo is
// said plainly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let host: Member, guest: Member, other: Member;
let eventId = '';
beforeAll(async () => {
  g = await startGather();
  [host, guest, other] = (await Promise.all([g.member('door_host'), g.member('door_guest'), g.member('door_other')])) as [Member, Member, Member];
  // Check-in opens two hours before the start.
  const starts = new Date(Date.now() + 3600_000);
  ({ id: eventId } = await createEvent(g, host, { starts_at: starts.toISOString(), ends_at: new Date(starts.getTime() + 3 * 3600_000).toISOString() }));
  await g.sqlAs(guest)('select public.rsvp($1)', [eventId]);
});
afterAll(() => g.stop());

const checkedIn = async () =>
  (await g.db.query<{ at: string | null }>('select checked_in_at as at from public.rsvps where event_id = $1 and user_id = $2', [eventId, guest.id])).rows[0]!.at;
const arrived = async () =>
  (await g.db.query<{ n: number }>('select checked_in_count as n from public.event_stats where event_id = $1', [eventId])).rows[0]?.n;

describe('undo_check_in', () => {
  it("puts a checked-in guest back as not arrived, and the event's counts follow", async () => {
    await g.sqlAs(host)('select public.check_in($1, $2)', [eventId, guest.id]);
    expect(await checkedIn()).not.toBeNull();
    const before = await arrived();
    const [row] = await g.sqlAs(host)<{ r: { user_id: string; checked_in_at: null } }>('select public.undo_check_in($1, $2) as r', [eventId, guest.id]);
    expect(row!.r).toMatchObject({ user_id: guest.id, checked_in_at: null });
    expect(await checkedIn()).toBeNull();
    expect(await arrived()).toBe(before! - 1);
    // Checked in again afterwards, as at the door.
    await g.sqlAs(host)('select public.check_in($1, $2)', [eventId, guest.id]);
    expect(await checkedIn()).not.toBeNull();
  });

  it('is refused to anyone who may not check people in, and says when there is nothing to undo', async () => {
    expect(await expectAppError(g.sqlAs(other)('select public.undo_check_in($1, $2)', [eventId, guest.id]))).toMatchObject({ code: 'not_host', status: 403 });
    expect(await checkedIn()).not.toBeNull();
    await g.sqlAs(host)('select public.undo_check_in($1, $2)', [eventId, guest.id]);
    expect(await expectAppError(g.sqlAs(host)('select public.undo_check_in($1, $2)', [eventId, guest.id])))
      .toEqual({ code: 'not_checked_in', message: 'This person is not checked in.', status: 409 });
    expect(await expectAppError(g.sqlAs(host)('select public.undo_check_in($1, $2)', [eventId, other.id]))).toMatchObject({ code: 'not_going', status: 404 });
    await expect(g.sqlAs('anon')('select public.undo_check_in($1, $2)', [eventId, guest.id])).rejects.toThrow(/permission denied/);
  });
});
