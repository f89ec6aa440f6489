import { queryOptions } from "@tanstack/react-query";
import { supabaseAnonKey, supabaseUrl } from "@/lib/supabase-config";
import { enabledProviders } from "./auth-providers";

/** What the app reads of GoTrue's public `/auth/v1/settings`. */
export type AuthServerSettings = {
  external?: Record<string, unknown>;
  passkeys_enabled?: boolean;
  /** Gather's addition (decision 0152): `[auth.mfa.*]`; GoTrue's answer has no such field. */
  mfa?: Record<string, { enroll_enabled?: boolean; verify_enabled?: boolean } | undefined>;
};

/** The kinds of second factor the server lets a member add. */
export type FactorKinds = { totp: boolean; phone: boolean; webauthn: boolean };

/** Without Gather's `mfa` field (GoTrue), only the authenticator app is offered, as before. */
export function enrollableFactorKinds(answer: AuthServerSettings): FactorKinds {
  if (!answer.mfa) return { totp: true, phone: false, webauthn: false };
  return {
    totp: answer.mfa.totp?.enroll_enabled === true,
    phone: answer.mfa.phone?.enroll_enabled === true,
    webauthn: answer.mfa.web_authn?.enroll_enabled === true,
  };
}

/**
 * `/auth/v1/settings`, read once per page load under one key: each reader selects its part, so
 * the provider buttons, passkeys and phone sign-in share one request (decisions 0146, 0149, 0151).
 */
function authServerSettingsQuery<T>(select: (answer: AuthServerSettings) => T) {
  return queryOptions({
    queryKey: ["auth-settings"],
    queryFn: async ({ signal }): Promise<AuthServerSettings> => {
      const res = await fetch(`${supabaseUrl}/auth/v1/settings`, { headers: { apikey: supabaseAnonKey }, signal });
      if (!res.ok) throw new Error(`auth settings: ${res.status}`);
      return (await res.json()) as AuthServerSettings;
    },
    select,
    // Changes with the server's configuration, not while a page is open.
    staleTime: Infinity,
    retry: 1,
  });
}

/** The "Continue with …" providers, in display order. */
export const authProvidersQuery = () => authServerSettingsQuery(enabledProviders);
/** `[auth.passkey] enabled`. */
export const passkeysEnabledQuery = () => authServerSettingsQuery((a) => a.passkeys_enabled === true);
/** `[auth.sms] enable_signup` (GoTrue reports it as `external.phone`). */
export const phoneEnabledQuery = () => authServerSettingsQuery((a) => a.external?.phone === true);
/** Which second factors Settings offers to add (decision 0152). */
export const enrollableFactorKindsQuery = () => authServerSettingsQuery(enrollableFactorKinds);
