import { queryOptions } from "@tanstack/react-query";
import { supabaseAnonKey, supabaseUrl } from "@/lib/supabase-config";

type SettingsAnswer = { passkeys_enabled?: boolean };

/**
 * Whether the auth server takes passkeys (`[auth.passkey] enabled`, GoTrue's public
 * `/auth/v1/settings` → `passkeys_enabled`). features/auth reads the same answer under the same
 * key, so the cache holds one; features do not share internals (decision 0149).
 */
export function passkeysEnabledQuery() {
  return queryOptions({
    queryKey: ["auth-settings", "answer"],
    queryFn: async ({ signal }): Promise<SettingsAnswer> => {
      const res = await fetch(`${supabaseUrl}/auth/v1/settings`, { headers: { apikey: supabaseAnonKey }, signal });
      if (!res.ok) throw new Error(`auth settings: ${res.status}`);
      return (await res.json()) as SettingsAnswer;
    },
    select: (answer: SettingsAnswer) => answer.passkeys_enabled === true,
    staleTime: Infinity,
    retry: 1,
  });
}
