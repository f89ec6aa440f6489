import { queryOptions } from "@tanstack/react-query";
import { supabaseAnonKey, supabaseUrl } from "@/lib/supabase-config";

type SettingsAnswer = { passkeys_enabled?: boolean; external?: { phone?: boolean } };

/**
 * GoTrue's public `/auth/v1/settings`, read once per page load for the sign-in methods beside
 * email (decisions 0149, 0151). features/settings keeps the same query under the same key, so
 * the cache holds one answer; `authProvidersQuery` (lib/auth) still reads its own.
 */
function authServerSettingsQuery<T>(select: (answer: SettingsAnswer) => T) {
  return queryOptions({
    queryKey: ["auth-settings", "answer"],
    queryFn: async ({ signal }): Promise<SettingsAnswer> => {
      const res = await fetch(`${supabaseUrl}/auth/v1/settings`, { headers: { apikey: supabaseAnonKey }, signal });
      if (!res.ok) throw new Error(`auth settings: ${res.status}`);
      return (await res.json()) as SettingsAnswer;
    },
    select,
    // Changes with the server's configuration, not while a page is open.
    staleTime: Infinity,
    retry: 1,
  });
}

/** `[auth.passkey] enabled`. */
export const passkeysEnabledQuery = () => authServerSettingsQuery((a) => a.passkeys_enabled === true);
/** `[auth.sms] enable_signup` (GoTrue reports it as `external.phone`). */
export const phoneEnabledQuery = () => authServerSettingsQuery((a) => a.external?.phone === true);
