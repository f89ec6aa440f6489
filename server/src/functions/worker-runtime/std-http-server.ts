/**
 * Stands in for `https://deno.land/std@…/http/server.ts`, which older Edge Function templates
 * import for `serve(handler)`.
 */
type Handler = (req: Request, info: unknown) => Response | Promise<Response>;

interface DenoServe {
  serve(options: Record<string, unknown>, handler: Handler): { finished: Promise<void> };
}

export function serve(handler: Handler, options: Record<string, unknown> = {}): Promise<void> {
  return (globalThis as unknown as { Deno: DenoServe }).Deno.serve(options, handler).finished;
}

export const serveTls = serve;
