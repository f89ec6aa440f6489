/**
 * The sign-in providers the auth server has turned on, from GoTrue's public `/auth/v1/settings`
 * (`external`: provider name → enabled). Email, phone and anonymous sign-in are listed there too
 * but are not "Continue with …" providers. Decision 0146.
 */
const NOT_OAUTH = new Set(["email", "phone", "anonymous_users", "zoom"]);

/** Brand names are not translated. Azure signs in with a Microsoft account. */
const LABELS: Record<string, string> = {
  apple: "Apple",
  azure: "Microsoft",
  discord: "Discord",
  github: "GitHub",
  gitlab: "GitLab",
  google: "Google",
  keycloak: "Keycloak",
};

/** The order buttons appear in: the most used first, other OpenID issuers last by name. */
const ORDER = ["google", "apple", "azure", "github", "gitlab", "discord", "keycloak"];

export type AuthProvider = { id: string; label: string };

/** The name a person recognises: the brand, or a custom issuer's configured name (`custom:corp` → "Corp"). */
export function providerLabel(id: string): string {
  const known = LABELS[id];
  if (known) return known;
  const name = id.replace(/^custom:/, "").replace(/[-_]+/g, " ");
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The enabled OAuth/OpenID providers of a `/settings` answer, in display order. */
export function enabledProviders(settings: { external?: Record<string, unknown> } | null | undefined): AuthProvider[] {
  const ids = Object.entries(settings?.external ?? {})
    .filter(([id, on]) => on === true && !NOT_OAUTH.has(id))
    .map(([id]) => id);
  const rank = (id: string) => (ORDER.includes(id) ? ORDER.indexOf(id) : ORDER.length);
  return ids
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((id) => ({ id, label: providerLabel(id) }));
}
