import { vi } from "vitest";

type Reply = { status?: number; body: unknown; headers?: Record<string, string> };
type Handler = (url: URL, init: RequestInit | undefined) => Reply | undefined;

/**
 * Stubs fetch for supabase-js: the first handler that returns a reply answers; anything else
 * is a 404, so a test never reaches the network. Restore with vi.unstubAllGlobals().
 */
export function mockApi(...handlers: Handler[]) {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    calls.push(url);
    for (const handle of handlers) {
      const reply = handle(url, init);
      if (reply) {
        return new Response(JSON.stringify(reply.body), {
          status: reply.status ?? 200,
          headers: { "content-type": "application/json", ...reply.headers },
        });
      }
    }
    return new Response(JSON.stringify({ message: "not mocked" }), { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

/** Answers one REST path (e.g. "/rest/v1/rpc/search_events") with `body`. */
export function onPath(path: string, body: unknown, headers?: Record<string, string>): Handler {
  return (url) => (url.pathname === path ? { body, headers } : undefined);
}
