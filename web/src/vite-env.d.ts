/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the Supabase-compatible API; defaults to the page's origin. */
  readonly VITE_SUPABASE_URL?: string;
  /** Public anon key; defaults to the Supabase CLI's local development key. */
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** Google Tag Manager container id (GTM-XXXX); empty = no analytics at all. */
  readonly VITE_GTM_ID?: string;
  /** Set per build by vite.config.ts; busts the persisted query cache. */
  readonly VITE_BUILD_ID?: string;
  /** Map tile URL template ({z}/{x}/{y}); defaults to OpenStreetMap's, `none` for no tiles. */
  readonly VITE_TILE_URL?: string;
  /** Attribution HTML for those tiles; defaults to OpenStreetMap's. */
  readonly VITE_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
