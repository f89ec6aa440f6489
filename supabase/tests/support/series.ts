// Helpers for the series tests: a first event at a wall-clock time in a zone, the series made
// from it, and its dates as the database stores them (local and UTC).
import { createEvent, type GatherServer, type Member } from './gather-server.ts';

export interface SeriesSummary {
  id: string;
  rrule: string;
  status: string;
  events: { id: string; slug: string; starts_at: string; status: string; position: number }[];
  updated?: number;
}

/** A published event starting at `local` (YYYY-MM-DD HH:MM) in `zone`, lasting two hours. */
export async function eventAt(g: GatherServer, host: Member, local: string, zone = 'Europe/Paris', fields: Record<string, unknown> = {}) {
  const { starts, ends } = await g.db
    .query<{ starts: string; ends: string }>(
      `select to_json(($1::timestamp at time zone $2))#>>'{}' as starts, to_json(($1::timestamp + interval '2 hours') at time zone $2)#>>'{}' as ends`,
      [local, zone],
    )
    .then((r) => r.rows[0]!);
  return createEvent(g, host, { title: 'Weekly meetup', starts_at: starts, ends_at: ends, timezone: zone, ...fields });
}

export async function createSeries(g: GatherServer, who: Member, eventId: string, rrule: string): Promise<SeriesSummary> {
  const [row] = await g.sqlAs(who)<{ s: SeriesSummary }>('select public.create_series($1, $2) as s', [eventId, rrule]);
  return row!.s;
}

export interface Occurrence {
  n: number;
  local: string;
  utc: string;
  status: string;
  venue_name: string | null;
  id: string;
}

/** The series' dates as stored: position, wall-clock start in the event's zone, UTC start. */
export async function occurrences(g: GatherServer, seriesId: string): Promise<Occurrence[]> {
  const { rows } = await g.db.query<Occurrence>(
    `select series_position as n, to_char(starts_at at time zone timezone, 'YYYY-MM-DD HH24:MI') as local,
            to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as utc, status::text, venue_name, id
     from public.events where series_id = $1 order by series_position`,
    [seriesId],
  );
  return rows;
}

/** The scheduled job's work, as if run at `at`. */
export async function extendHorizons(g: GatherServer, at: string): Promise<number> {
  const [row] = await g.sqlAs('service')<{ n: number }>('select public.extend_series_horizons($1) as n', [at]);
  return row!.n;
}
