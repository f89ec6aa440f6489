import { createClient, type AuthChangeEvent, type Session, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { TestServer } from './test-server.ts';

export interface RecordedEvent {
  event: AuthChangeEvent;
  session: Session | null;
}

/** Records every onAuthStateChange event of a client, in order. */
export function recordEvents(client: SupabaseClient): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  client.auth.onAuthStateChange((event, session) => {
    events.push({ event, session });
  });
  return events;
}

export const names = (events: RecordedEvent[]) => events.map((e) => e.event);

/** Resolves once `events` holds `event` (auth-js emits some on a 0 ms timer). */
export async function waitForEvent(events: RecordedEvent[], event: AuthChangeEvent, timeoutMs = 5000): Promise<RecordedEvent> {
  const start = Date.now();
  for (;;) {
    const hit = events.find((e) => e.event === event);
    if (hit) return hit;
    if (Date.now() - start > timeoutMs) throw new Error(`no ${event} event; got ${names(events).join(', ') || 'none'}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A storage shared by "page loads", like a browser's localStorage. */
export function memoryStorage(): { getItem(k: string): string | null; setItem(k: string, v: string): void; removeItem(k: string): void; data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

let storageKeys = 0;

export interface ClientOptions {
  flowType?: 'implicit' | 'pkce';
  storage?: ReturnType<typeof memoryStorage>;
  storageKey?: string;
}

/** A client that keeps its session (in `storage`), as a browser app's does. */
export function appClient(s: TestServer, opts: ClientOptions = {}): SupabaseClient {
  return createClient(s.url, s.keys.anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: opts.flowType ?? 'implicit',
      storage: opts.storage ?? memoryStorage(),
      storageKey: opts.storageKey ?? `sb-test-${++storageKeys}`,
    },
    realtime: { transport: WebSocket as never },
  });
}

/**
 * What happens when the browser lands on `url` after an email link's redirect: a page whose
 * supabase client has `detectSessionInUrl` reads the fragment (implicit) or `?code=` (PKCE).
 * auth-js only looks at the URL when `window` and `document` exist, so they are stubbed for
 * the client's start-up and removed again (BroadcastChannel too, which it would otherwise open).
 */
export async function landOn(
  s: TestServer,
  url: string,
  opts: ClientOptions & { storage: ReturnType<typeof memoryStorage>; storageKey: string },
): Promise<{ client: SupabaseClient; events: RecordedEvent[]; location: { href: string; hash: string }; initError: unknown }> {
  const g = globalThis as Record<string, unknown>;
  const saved = { window: g.window, document: g.document, BroadcastChannel: g.BroadcastChannel };
  const location = { href: url, hash: new URL(url).hash };
  g.window = {
    location,
    history: { state: null, replaceState: (_s: unknown, _t: string, next: string) => void (location.href = next) },
  };
  g.document = { visibilityState: 'visible' };
  g.BroadcastChannel = undefined;
  // A landing page is a fresh JS context in a browser; here the earlier "page" shares the key.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Multiple GoTrueClient instances')) warn(...args);
  };
  try {
    const client = createClient(s.url, s.keys.anonKey, {
      auth: {
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: true,
        flowType: opts.flowType ?? 'implicit',
        storage: opts.storage,
        storageKey: opts.storageKey,
      },
      realtime: { transport: WebSocket as never },
    });
    const events = recordEvents(client);
    const { error } = await client.auth.initialize();
    return { client, events, location, initError: error };
  } finally {
    console.warn = warn;
    g.window = saved.window;
    g.document = saved.document;
    g.BroadcastChannel = saved.BroadcastChannel;
  }
}
