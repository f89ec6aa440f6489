/**
 * Ending a statement inside PGlite the way PostgreSQL ends it (decision 0254), worker side.
 * Postgres checks two flags at every CHECK_FOR_INTERRUPTS (`InterruptPending`, then
 * `QueryCancelPending`) and, when they are set, raises 57014 and unwinds through its own error
 * path: the transaction aborts, the instance lives on. A signal handler sets them on PostgreSQL;
 * here the main thread runs `CANCEL_HOOK` on this thread through the inspector
 * (pglite-interrupt.ts) while the statement runs, and the hook sets them in the WebAssembly heap.
 *
 * One wait never reaches CHECK_FOR_INTERRUPTS: Emscripten's sleep (under `pg_sleep`, WaitLatch)
 * busy-waits on `performance.now()` until its deadline. The hook also moves this thread's
 * monotonic clock far ahead until the exchange ends, so every such wait is over at once and
 * Postgres gets to its check. Only the cancelled statement sees the jump (durations it
 * measures, nothing it stores: timestamps come from the wall clock, `Date.now()`).
 */
import type { PGlite } from '@electric-sql/pglite';
import { BUSY_OP, pgError } from './pglite-wire.ts';

/** The global the main thread calls: `globalThis[CANCEL_HOOK](op, reason)` (reason: a CancelReason). */
export const CANCEL_HOOK = '__gatherCancelStatement';

/** Why a statement is ended: its time limit, or its request's turn (ms) while others wait (decision 0255). */
export type CancelReason = { kind: 'timeout' } | { kind: 'turn'; turnMs: number };

interface Flags {
  heap(): DataView;
  interruptPending: number;
  queryCancelPending: number;
}

/** The message of a statement cancelled at the end of its request's turn (REST answers it 503). */
export const TURN_CANCEL_MESSAGE = 'canceling statement because other requests are waiting for the database';

/** How far the monotonic clock jumps for a cancelled statement: past any sleep's deadline. */
const CLOCK_JUMP_MS = 1e12;

/** What a cancelled statement answers (the SQLSTATE stays Postgres's own 57014). */
export function cancelError(reason: CancelReason): Error {
  if (reason.kind === 'timeout') return pgError('canceling statement due to statement timeout', '57014');
  return pgError(
    TURN_CANCEL_MESSAGE,
    '57014',
    `The embedded database (PGlite) is one Postgres backend shared by every request. Your requests have kept it busy lately, so while others wait one of your statements may hold it for ${reason.turnMs} ms (GATHER_DB_TURN_MS). Narrow the request (fewer embeds, a filter, a limit) or retry it later.`,
  );
}

/**
 * Installs the hook for this PGlite instance. `busy` is the shared operation buffer: the hook
 * acts only while operation `op` is the one executing, so a late call never cancels the next
 * statement. Returns what `handle` needs: the reason an operation was cancelled (once), and a
 * reset for after each protocol exchange (a flag Postgres did not get to read must not cancel
 * the next statement).
 */
export function installCancelHook(pg: PGlite, busy: Float64Array): { reasonFor(op: number): CancelReason | undefined; settle(): void } {
  const mod = (pg as unknown as { mod: Record<string, unknown> }).mod;
  const flags: Flags = {
    heap: () => new DataView((mod.HEAPU8 as Uint8Array).buffer),
    interruptPending: Number(mod._InterruptPending),
    queryCancelPending: Number(mod._QueryCancelPending),
  };
  const usable = Number.isInteger(flags.interruptPending) && flags.interruptPending > 0 && Number.isInteger(flags.queryCancelPending) && flags.queryCancelPending > 0;
  const reasons = new Map<number, CancelReason>();
  let raised = false;
  const clock = globalThis.performance;
  const realNow = clock.now.bind(clock);
  (globalThis as Record<string, unknown>)[CANCEL_HOOK] = (op: number, reason: CancelReason): boolean => {
    if (!usable || busy[BUSY_OP] !== op) return false;
    reasons.set(op, reason);
    // Both are `volatile sig_atomic_t` (int32): what Postgres's SIGINT handler sets.
    const heap = flags.heap();
    heap.setInt32(flags.queryCancelPending, 1, true);
    heap.setInt32(flags.interruptPending, 1, true);
    // Emscripten's `_emscripten_get_now` reads `performance.now` at each call: an own property wins.
    Object.defineProperty(clock, 'now', { value: () => realNow() + CLOCK_JUMP_MS, configurable: true, writable: true });
    raised = true;
    return true;
  };
  return {
    reasonFor(op) {
      const r = reasons.get(op);
      reasons.delete(op);
      return r;
    },
    settle() {
      if (!raised) return;
      raised = false;
      delete (clock as { now?: unknown }).now;
      const heap = flags.heap();
      heap.setInt32(flags.queryCancelPending, 0, true);
      heap.setInt32(flags.interruptPending, 0, true);
    },
  };
}
