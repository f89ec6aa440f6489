import type { supabase as Client } from "./supabase";

/**
 * The client for code in the app shell (the auth provider, the header). Importing it lazily
 * keeps supabase-js out of the entry chunk, so the shell paints before the client arrives;
 * pages import `@/lib/supabase` directly and share the same chunk and the same client.
 */
export function loadSupabase(): Promise<typeof Client> {
  return import("./supabase").then((m) => m.supabase);
}
