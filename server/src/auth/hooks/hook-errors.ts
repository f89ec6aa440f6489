import { AuthError } from '../errors.ts';

/**
 * GoTrue's HTTPError without an error code, as its hooks produce: the 2024 shape answers
 * `unexpected_failure` for a 500 and `unknown` otherwise; the legacy shape leaves error_code out.
 */
export function hookHttpError(status: number, message: string): AuthError {
  return new AuthError(status, '', message);
}

/** Any failure to run the hook or read its answer (GoTrue's runHook). */
export function hookRunError(uri: string): AuthError {
  return new AuthError(500, 'unexpected_failure', `Error running hook URI: ${uri}`);
}

/** `{ error: { http_code, message } }` in a hook's answer, as GoTrue's checkError reads it; else undefined. */
export function hookReturnedError(out: unknown): AuthError | undefined {
  if (!out || typeof out !== 'object' || !('error' in out)) return undefined;
  const e = (out as { error: unknown }).error;
  if (!e || typeof e !== 'object') return undefined;
  const { http_code: code, message } = e as { http_code?: unknown; message?: unknown };
  // GoTrue: an error object without a message is no error.
  if (typeof message !== 'string' || message === '') return undefined;
  const status = typeof code === 'number' && code >= 100 && code <= 599 ? code : 500;
  return hookHttpError(status, message);
}
