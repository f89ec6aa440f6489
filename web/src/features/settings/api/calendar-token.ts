import { queryOptions } from "@tanstack/react-query";
import { queryRoots } from "@/lib/query-keys";
import { supabase } from "@/lib/supabase";

// The member's secret calendar token (decision 0131): my_calendar_token() makes it on first use;
// regenerate_calendar_token() replaces it and the old feed address stops working at once.

export const calendarTokenKey = (userId: string) => [...queryRoots.profile, "calendar-token", userId] as const;

export async function getCalendarToken(): Promise<string> {
  const { data, error } = await supabase.rpc("my_calendar_token");
  if (error) throw error;
  return data;
}

export function calendarTokenOptions(userId: string) {
  // The token only changes when this page regenerates it, which writes the new one in the cache.
  return queryOptions({ queryKey: calendarTokenKey(userId), queryFn: getCalendarToken, staleTime: Infinity });
}

export async function regenerateCalendarToken(): Promise<string> {
  const { data, error } = await supabase.rpc("regenerate_calendar_token");
  if (error) throw error;
  return data;
}
