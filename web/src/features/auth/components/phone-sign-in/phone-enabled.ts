import { queryOptions } from "@tanstack/react-query";
import { supabaseAnonKey, supabaseUrl } from "@/lib/supabase-config";

/**
 * Whether the auth server signs people in by SMS code: GoTrue's `/auth/v1/settings` reports
 * `external.phone` true when `[auth.sms] enable_signup` is on (decision 0152).
 */
export function phoneEnabledQuery() {
  return queryOptions({
    queryKey: ["auth-settings", "phone"],
    queryFn: async ({ signal }): Promise<boolean> => {
      const res = await fetch(`${supabaseUrl}/auth/v1/settings`, { headers: { apikey: supabaseAnonKey }, signal });
      if (!res.ok) throw new Error(`auth settings: ${res.status}`);
      return ((await res.json()) as { external?: { phone?: boolean } }).external?.phone === true;
    },
    staleTime: Infinity,
    retry: 1,
  });
}
