import { supabaseAnonKey } from "@/lib/supabase-config";

/** One upcoming event as the embed shows it. */
export interface EmbedEvent {
  slug: string;
  title: string;
  starts_at: string;
  timezone: string;
  venue_name: string | null;
  is_online: boolean;
  ticket_types: { price: number }[];
}

export interface EmbedList {
  /** The group's name (a group embed), else null. */
  heading: string | null;
  /** The group's own page on Gather (a group embed), else null. */
  groupPath: string | null;
  events: EmbedEvent[];
}

const EVENT_FIELDS = "slug,title,starts_at,timezone,venue_name,is_online,ticket_types(price)";

/**
 * Reads a group's (or one event's) upcoming public events from Gather's REST API as an
 * anonymous visitor: row-level security already hides private, members-only and hidden ones;
 * the filters also leave out drafts, cancelled and unlisted events and those already over.
 */
export async function loadEmbedList(
  api: string,
  target: { group?: string | null; event?: string | null },
  limit: number,
  fetcher: typeof fetch = fetch,
): Promise<EmbedList> {
  const get = async <T>(path: string): Promise<T[]> => {
    const response = await fetcher(`${api}/rest/v1/${path}`, {
      headers: { apikey: supabaseAnonKey, authorization: `Bearer ${supabaseAnonKey}` },
    });
    if (!response.ok) throw new Error(`Gather answered ${response.status}`);
    return (await response.json()) as T[];
  };
  const upcoming = `status=eq.published&visibility=eq.public&ends_at=gt.${encodeURIComponent(new Date().toISOString())}&order=starts_at.asc`;
  if (target.group) {
    const [group] = await get<{ id: string; name: string; slug: string }>(`groups?select=id,name,slug&slug=eq.${encodeURIComponent(target.group)}`);
    if (!group) return { heading: null, groupPath: null, events: [] };
    const events = await get<EmbedEvent>(`events?select=${EVENT_FIELDS}&group_id=eq.${group.id}&${upcoming}&limit=${limit}`);
    return { heading: group.name, groupPath: `/g/${encodeURIComponent(group.slug)}`, events };
  }
  if (!target.event) return { heading: null, groupPath: null, events: [] };
  const events = await get<EmbedEvent>(`events?select=${EVENT_FIELDS}&slug=eq.${encodeURIComponent(target.event)}&${upcoming}&limit=1`);
  return { heading: null, groupPath: null, events };
}
