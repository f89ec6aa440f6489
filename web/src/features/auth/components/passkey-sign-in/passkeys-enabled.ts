import { queryOptions } from "@tanstack/react-query";
import { supabaseAnonKey, supabaseUrl } from "@/lib/supabase-config";

/**
 * Whether the auth server takes passkeys (`[auth.passkey] enabled`, reported as
 * `passkeys_enabled` by GoTrue's public `/auth/v1/settings`). The same small query lives in
 * features/settings for its Passkeys section; features do not share internals (decision 0149).
 */
export function passkeysEnabledQuery() {
  return queryOptions({
    queryKey: ["auth-settings", "passkeys"],
    queryFn: async ({ signal }): Promise<boolean> => {
      const res = await fetch(`${supabaseUrl}/auth/v1/settings`, { headers: { apikey: supabaseAnonKey }, signal });
      if (!res.ok) throw new Error(`auth settings: ${res.status}`);
      return ((await res.json()) as { passkeys_enabled?: boolean }).passkeys_enabled === true;
    },
    staleTime: Infinity,
    retry: 1,
  });
}
