/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the Supabase-compatible API; defaults to the page's origin. */
  readonly VITE_SUPABASE_URL?: string;
  /** Public anon key; defaults to the Supabase CLI's local development key. */
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
