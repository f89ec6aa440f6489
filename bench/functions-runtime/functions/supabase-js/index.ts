// @ts-nocheck: Deno code (npm: imports, the Deno global), not checked by the Node tsconfig.
// The typical function: supabase-js loaded and a client made when the module loads.
import { createClient } from 'npm:@supabase/supabase-js@2';

const client = createClient(Deno.env.get('SUPABASE_URL') ?? 'http://127.0.0.1:1', Deno.env.get('SUPABASE_ANON_KEY') ?? 'anon');
Deno.serve(() => Response.json({ ok: typeof client.from === 'function' }));
