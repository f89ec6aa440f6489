import type { Queryable } from '../../db/db-types.ts';
import { AuthError } from '../errors.ts';
import { hookRunError } from './hook-errors.ts';
import type { HookTarget } from './hook-target.ts';
import { callHttpHook } from './http-hook.ts';
import { callPgFunctionHook } from './pg-function-hook.ts';

/** Runs a hook of either kind; any failure answers GoTrue's 500 "Error running hook URI", the cause logged. */
export async function callHook(tx: Queryable, hook: HookTarget, event: unknown): Promise<unknown> {
  try {
    return hook.kind === 'http' ? await callHttpHook(hook, event) : await callPgFunctionHook(tx, hook, event);
  } catch (err) {
    if (err instanceof AuthError) throw err;
    // GoTrue logs the cause and answers a generic 500.
    console.warn(`auth hook ${hook.uri} failed: ${(err as Error).message}`);
    throw hookRunError(hook.uri);
  }
}
