// Where the backend is, without loading supabase-js: the app shell needs these before the
// client itself (a separate chunk, see load-supabase.ts) has arrived.

// The Supabase CLI's well-known local anon key. It is public by design (the anon role only
// gets what row-level security allows). Never put a service-role key in web code.
const LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

// Without VITE_SUPABASE_URL the app talks to the server that served it (the Gather server,
// or the Vite dev server, which proxies the API paths to it).
export const supabaseUrl: string = import.meta.env.VITE_SUPABASE_URL || window.location.origin;
export const supabaseAnonKey: string = import.meta.env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;

export type PublicBucket = "event-covers" | "avatars" | "event-videos" | "group-media";

/** Public URL of a file in a public bucket, built exactly as storage-js's getPublicUrl does. */
export function publicFileUrl(bucket: PublicBucket, path: string): string {
  return encodeURI(`${supabaseUrl}/storage/v1/object/public/${bucket}/${path.replace(/^\/+/, "")}`);
}
