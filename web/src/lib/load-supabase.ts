import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "./database.types";

/**
 * The client for code in the app shell (the auth provider, the header). Importing it lazily
 * keeps supabase-js out of the app's chunk, so the shell paints before the client arrives;
 * pages import `@/lib/supabase` directly and share the same chunk and the same client.
 */
export function loadSupabase(): Promise<SupabaseClient<Database>> {
  return import("./supabase").then((m) => m.supabaseClient());
}
