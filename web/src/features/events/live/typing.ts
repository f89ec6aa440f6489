import { plural, t } from "@lingui/core/macro";
import { formatList } from "@/lib/i18n/format";

// "X is typing…": a typer sends a broadcast at most every TYPING_THROTTLE_MS while typing, and
// every other viewer shows them for TYPING_TTL_MS after the last one. The TTL is longer than
// the throttle, so steady typing keeps the line up; a closed tab or a lost message clears itself.

export const TYPING_THROTTLE_MS = 1500;
export const TYPING_TTL_MS = 3000;

export type Typer = { key: string; name: string; expiresAt: number };

/** Adds or refreshes one typer. */
export function addTyper(typers: readonly Typer[], who: { key: string; name: string }, now: number, ttl = TYPING_TTL_MS): Typer[] {
  return [...typers.filter((t) => t.key !== who.key), { ...who, expiresAt: now + ttl }];
}

export function removeTyper(typers: readonly Typer[], key: string): Typer[] {
  return typers.some((t) => t.key === key) ? typers.filter((t) => t.key !== key) : (typers as Typer[]);
}

/** The typers whose last message is recent enough. */
export function activeTypers(typers: readonly Typer[], now: number): Typer[] {
  return typers.every((t) => t.expiresAt > now) ? (typers as Typer[]) : typers.filter((t) => t.expiresAt > now);
}

/** The line under the comments, or null when nobody is typing. */
export function typingText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) {
    const name = names[0]!;
    return t`${name} is typing…`;
  }
  if (names.length === 2) {
    const both = formatList(names);
    return t`${both} are typing…`;
  }
  const count = names.length;
  return plural(count, { one: "# person is typing…", other: "# people are typing…" });
}

/**
 * Calls `fn` at once, then ignores calls for `intervalMs` (leading edge only: the first
 * keystroke tells the others straight away). `reset` lets the next call through, e.g. after
 * the comment is posted.
 */
export function createThrottle(fn: () => void, intervalMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return {
    call() {
      const t = now();
      if (t - last < intervalMs) return;
      last = t;
      fn();
    },
    reset() {
      last = Number.NEGATIVE_INFINITY;
    },
  };
}
