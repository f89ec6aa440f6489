import { t } from "@lingui/core/macro";
import { queryOptions } from "@tanstack/react-query";
import type { Database } from "@/lib/database.types";
import { supabase } from "@/lib/supabase";
import { manageKeys } from "./manage-keys";

export type RsvpStatus = Database["public"]["Enums"]["rsvp_status"];

export type Guest = {
  id: string;
  user_id: string;
  status: RsvpStatus;
  guests: number;
  waitlist_position: number | null;
  checked_in_at: string | null;
  created_at: string;
  updated_at: string;
  profile: { username: string; display_name: string; avatar_path: string | null } | null;
};

const COLUMNS = `id, user_id, status, guests, waitlist_position, checked_in_at, created_at, updated_at,
  profile:profiles(username, display_name, avatar_path)`;

// The server returns at most max_rows (1000) rows a request; a big event takes several pages.
const PAGE = 1000;

/** Every RSVP of the event (row-level security lets its hosts and checkers read them all). */
export async function getGuestList(eventId: string): Promise<Guest[]> {
  const all: Guest[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await supabase
      .from("rsvps")
      .select(COLUMNS)
      .eq("event_id", eventId)
      .order("created_at")
      .order("user_id")
      .range(from, from + PAGE - 1);
    if (error) throw error;
    all.push(...(data as unknown as Guest[]));
    if (data.length < PAGE) return all;
  }
}

export function guestListOptions(eventId: string) {
  return queryOptions({
    queryKey: manageKeys.guests(eventId),
    queryFn: () => getGuestList(eventId),
    enabled: Boolean(eventId),
  });
}

export type GuestCounts = {
  going: number;
  /** People coming with the going RSVPs (their +1s). */
  plusOnes: number;
  pending: number;
  waitlisted: number;
  declined: number;
  cancelled: number;
  checkedIn: number;
};

/** Counts by status, straight from the list so they always agree with it. */
export function countGuests(guests: Guest[]): GuestCounts {
  const counts: GuestCounts = { going: 0, plusOnes: 0, pending: 0, waitlisted: 0, declined: 0, cancelled: 0, checkedIn: 0 };
  for (const g of guests) {
    counts[g.status] += 1;
    if (g.status === "going") counts.plusOnes += g.guests;
    if (g.checked_in_at) counts.checkedIn += 1;
  }
  return counts;
}

export function guestName(g: Pick<Guest, "profile">): string {
  return g.profile?.display_name ?? t`A former member`;
}

/** Case- and accent-insensitive match on the name or username. */
export function matchesSearch(g: Pick<Guest, "profile">, query: string): boolean {
  const fold = (s: string) => s.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
  const q = fold(query.trim());
  if (!q) return true;
  return fold(g.profile?.display_name ?? "").includes(q) || fold(g.profile?.username ?? "").includes(q);
}

/**
 * The email addresses of the people going, waitlisted or awaiting approval, by user id: for the
 * CSV the hosts export (event_guest_emails refuses anyone else). Asked at export time only.
 */
export async function guestEmails(eventId: string): Promise<Map<string, string>> {
  const { data, error } = await supabase.rpc("event_guest_emails", { event_id: eventId });
  if (error) throw error;
  return new Map((data ?? []).map((row) => [row.user_id, row.email]));
}
