import type { Factor } from "@supabase/supabase-js";
import { supabase } from "@/lib/supabase";

/** A second factor as the server lists it; phone factors carry their number (GoTrue sends it). */
export type SecondFactor = Factor & { phone?: string };

/** The account's verified second factors, oldest first. */
export async function verifiedFactors(): Promise<SecondFactor[]> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return (data.all as SecondFactor[])
    .filter((f) => f.status === "verified")
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** Removes earlier unfinished set-ups of a kind: they count towards the server's limit and names. */
export async function removeUnfinished(kind: Factor["factor_type"]): Promise<void> {
  const { data } = await supabase.auth.mfa.listFactors();
  for (const f of data?.all ?? []) {
    if (f.factor_type === kind && f.status === "unverified") await supabase.auth.mfa.unenroll({ factorId: f.id });
  }
}

/**
 * Removes a factor, then refreshes the session: the server lowers it to aal1 when no verified
 * factor is left, and the token's factor list changes either way.
 */
export async function removeFactor(factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
  await supabase.auth.refreshSession();
}

/** A name not yet taken among `taken` (the server refuses two factors with one name). */
export function freeName(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base} ${n}`)) return `${base} ${n}`;
}
