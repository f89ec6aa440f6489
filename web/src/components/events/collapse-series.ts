/** An item of a list whose event may be one date of a series (events.series_id). */
type SeriesItem = { event: { id: string; series_id?: string | null } };

/**
 * One entry per series: the first of its dates in the list's order stands for it, with how many
 * later dates of the same series the list held (shown as "+ N more dates"). Lists of upcoming
 * events (a group's, /me's) would otherwise repeat a weekly event once a week for two months.
 */
export function collapseSeries<T extends SeriesItem>(items: T[]): (T & { moreDates: number })[] {
  const first = new Map<string, T & { moreDates: number }>();
  const out: (T & { moreDates: number })[] = [];
  for (const item of items) {
    const series = item.event.series_id;
    const lead = series ? first.get(series) : undefined;
    if (lead) {
      lead.moreDates++;
      continue;
    }
    const entry = { ...item, moreDates: 0 };
    if (series) first.set(series, entry);
    out.push(entry);
  }
  return out;
}
