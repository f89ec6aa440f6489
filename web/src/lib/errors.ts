import { t } from "@lingui/core/macro";
import { loadCatalogue } from "./i18n";

// The database raises the catalogue's errors with a stable `code` and English text as `message`
// (product.md §8, decision 0006); Auth (GoTrue) errors carry a code and developer English. The app
// says them in the member's language by code (error-messages.ts), and falls back to the server's
// English for a code it does not know yet (decision 0203).

let translateError: ((code: string, message: string) => string | undefined) | undefined;

/** Loads the error texts and their catalogue (the app does, right after its first paint). */
export function loadErrorMessages(): Promise<void> {
  return Promise.all([import("./error-messages"), loadCatalogue("errors")]).then(([m]) => {
    translateError = m.translateError;
  });
}

function serverMessage(error: unknown): string {
  if (error && typeof error === "object" && "message" in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === "string") return message.trim();
  }
  return "";
}

/**
 * The text to show for a failed call, in the member's language: by the error's code, else the
 * server's own (English) message, else `fallback` (by default "Something went wrong…").
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const code = errorCode(error);
  const message = serverMessage(error);
  const known = code ? translateError?.(code, message) : undefined;
  if (known) return known;
  // fetch() failures say "Failed to fetch"/"NetworkError…"; say it in the user's words.
  if (/failed to fetch|networkerror|load failed/i.test(message)) {
    return t`You seem to be offline. Check your connection and try again.`;
  }
  return message || fallback || t`Something went wrong. Please try again.`;
}

/** The stable error code from the database (`event_full`, `rsvp_closed`, …) or Auth, if any. */
export function errorCode(error: unknown): string | undefined {
  if (error && typeof error === "object" && "code" in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}
