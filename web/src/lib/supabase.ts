import { createClient } from "@supabase/supabase-js";
import type { Database } from "./database.types";
import { supabaseAnonKey, supabaseUrl } from "./supabase-config";

export { publicFileUrl, supabaseUrl } from "./supabase-config";

// Typed with `gather-server gen types` output (lib/database.types.ts). Pages import this
// directly (they are lazy chunks anyway); the app shell goes through load-supabase.ts.
export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey);
