import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "./database.types";
import { supabaseAnonKey, supabaseUrl } from "./supabase-config";

export { publicFileUrl, supabaseUrl } from "./supabase-config";

let client: SupabaseClient<Database> | undefined;

/** The one client (typed with `gather-server gen types`, lib/database.types.ts), made on first use. */
export function supabaseClient(): SupabaseClient<Database> {
  return (client ??= createClient<Database>(supabaseUrl, supabaseAnonKey));
}

/**
 * The client as pages import it. Evaluating a page's code no longer builds the client too: over
 * a first screen that was one task, and start-app now makes the client in a task of its own
 * between them (decision 0199). Every property is the client's own, methods bound to it.
 */
export const supabase: SupabaseClient<Database> = new Proxy({} as SupabaseClient<Database>, {
  get(_target, key) {
    const real = supabaseClient();
    const value: unknown = Reflect.get(real, key, real);
    return typeof value === "function" ? value.bind(real) : value;
  },
});
