import { appError, createEvent, type GatherServer, type Member } from './gather-server.ts';

/** Everyone issue 10's rules tell apart, and two events they stand in relation to. */
export interface Cast {
  host: Member;
  cohost: Member;
  checker: Member;
  attendee: Member;
  member: Member;
  admin: Member;
  /** Going to both events, with a comment on `pub`, then suspended by the admin. */
  suspended: Member;
  /** A published public event a week away; `soon` starts in about an hour (check-in is open). */
  pub: string;
  soon: string;
}

export type Who = Member | 'anon' | 'service';

/** Rows, or the SQLSTATE / app error code the statement was refused with. */
export async function run(g: GatherServer, who: Who, sql: string, params: unknown[] = []): Promise<Record<string, unknown>[] | string> {
  try {
    return await g.sqlAs(who)(sql, params);
  } catch (err) {
    return appError(err)?.code ?? (err as { code: string }).code;
  }
}

export async function makeCast(g: GatherServer): Promise<Cast> {
  const [host, cohost, checker, attendee, member, admin, suspended] = (await Promise.all(
    ['host', 'cohost', 'checker', 'attendee', 'member', 'admin', 'suspended'].map((u) => g.member(u, { admin: u === 'admin' })),
  )) as [Member, Member, Member, Member, Member, Member, Member];
  const pub = (await createEvent(g, host, { title: 'Public' })).id;
  const soon = (await createEvent(g, host, { title: 'Soon', days: 0.04 })).id;
  for (const e of [pub, soon]) {
    await g.sqlAs(host)(`select public.add_event_host($1, 'cohost', 'cohost'), public.add_event_host($1, 'checker', 'checker')`, [e]);
    for (const m of [attendee, suspended]) await g.sqlAs(m)('select public.rsvp($1)', [e]);
  }
  await g.sqlAs(suspended)(`insert into public.comments (event_id, author_id, body) values ($1, $2, 'before the ban')`, [pub, suspended.id]);
  await g.sqlAs(admin)(`select public.suspend_user($1, true, 'spam')`, [suspended.id]);
  return { host, cohost, checker, attendee, member, admin, suspended, pub, soon };
}
