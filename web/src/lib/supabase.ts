import { createClient } from "@supabase/supabase-js";
import type { Database } from "./database.types";

// The Supabase CLI's well-known local anon key. It is public by design (the anon role only
// gets what row-level security allows). Never put a service-role key in web code.
const LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

// Without VITE_SUPABASE_URL the app talks to the server that served it (the Gather server,
// or the Vite dev server, which proxies the API paths to it).
export const supabaseUrl = import.meta.env.VITE_SUPABASE_URL || window.location.origin;
const supabaseAnonKey = import.meta.env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;

// Typed with `gather-server gen types` output (lib/database.types.ts).
export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey);

/** Public URL of a file in a public bucket (covers, avatars, uploaded event videos). */
export function publicFileUrl(bucket: "event-covers" | "avatars" | "event-videos", path: string): string {
  return supabase.storage.from(bucket).getPublicUrl(path).data.publicUrl;
}
