import { supabase } from "@/lib/supabase";

// The payment functions (supabase/functions: checkout, refund-order, connect-onboarding) answer
// errors in the functions' shape, {error, message, details?}, with the database's own codes
// (sold_out, refund_not_allowed, …; decision 0280). supabase-js hands back the Response; this
// turns it into an error the app's errorMessage()/errorCode() read like a database error.

export class FunctionError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "FunctionError";
  }
}

type ErrorBody = { error?: unknown; message?: unknown; details?: unknown };

async function readError(error: unknown): Promise<Error> {
  const response = (error as { context?: unknown }).context;
  if (response instanceof Response) {
    const body = (await response.json().catch(() => ({}))) as ErrorBody;
    const code = typeof body.error === "string" ? body.error : "unavailable";
    const message = typeof body.message === "string" ? body.message : response.statusText;
    return new FunctionError(code, message, response.status, body.details);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** POSTs `body` to a function as the signed-in member; throws a FunctionError on a refusal. */
export async function callFunction<T>(name: string, body: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase.functions.invoke<T>(name, { body });
  if (error) throw await readError(error);
  return data as T;
}
