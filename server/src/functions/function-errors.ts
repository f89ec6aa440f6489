/**
 * The answers Supabase's gateway and edge runtime give when a function cannot answer itself
 * (supabase/cli `functions/serve/templates/main.ts` and the Edge Functions status-code docs).
 */

export type FailureKind = 'boot' | 'error' | 'limit' | 'timeout';

/** Why a request got no response from the function. */
export class FunctionFailure extends Error {
  readonly kind: FailureKind;
  /** Said to the caller after the runtime's message (only text the server wrote, never the function's). */
  readonly publicDetail: string | undefined;
  constructor(kind: FailureKind, message: string, publicDetail?: string) {
    super(message);
    this.kind = kind;
    this.publicDetail = publicDetail;
  }
}

export interface GatewayAnswer {
  status: number;
  body: string | Record<string, unknown>;
  /** Set when the runtime, not the function, produced the answer (functions-js: FunctionsRelayError). */
  relayError: boolean;
}

const FAILURES: Record<FailureKind, { status: number; code: string; message: string }> = {
  boot: { status: 503, code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' },
  error: { status: 500, code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
  limit: { status: 546, code: 'WORKER_LIMIT', message: 'Worker failed to respond due to a resource limit (please check logs)' },
  timeout: { status: 504, code: 'WORKER_TIMEOUT', message: 'Function did not respond before the request timeout (please check logs)' },
};

/**
 * The runtime's answer. An import that could not be had is named in the message (Supabase only
 * logs it, but here the log is this server's and the caller is usually the function's author).
 */
export function failureAnswer(kind: FailureKind, publicDetail?: string): GatewayAnswer {
  const f = FAILURES[kind];
  const message = publicDetail ? `${f.message}: ${publicDetail}` : f.message;
  return { status: f.status, body: { code: f.code, message }, relayError: true };
}

export const NOT_FOUND: GatewayAnswer = { status: 404, body: 'Function not found', relayError: false };
export const METHOD_NOT_ALLOWED: GatewayAnswer = { status: 405, body: 'Method Not Allowed', relayError: false };

export function unauthorized(msg: string): GatewayAnswer {
  return { status: 401, body: { msg }, relayError: false };
}
