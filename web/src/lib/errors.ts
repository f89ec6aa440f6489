// Auth (GoTrue) errors carry developer English ("User is banned"); these get the product's words.
const AUTH_MESSAGES: Record<string, string> = {
  user_banned: "Your account is suspended, so you can't sign in. If you think this is a mistake, contact the site admins.",
};

/**
 * The text to show for a failed call. The database raises the catalogue's errors with a stable
 * `code` and the user-facing text as `message` (product.md §8); supabase-js passes both on.
 */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  const code = errorCode(error);
  if (code && code in AUTH_MESSAGES) return AUTH_MESSAGES[code]!;
  if (error && typeof error === "object" && "message" in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === "string" && message.trim()) {
      // fetch() failures say "Failed to fetch"/"NetworkError…"; say it in the user's words.
      if (/failed to fetch|networkerror|load failed/i.test(message)) {
        return "You seem to be offline. Check your connection and try again.";
      }
      return message;
    }
  }
  return fallback;
}

/** The stable error code from the database (`event_full`, `rsvp_closed`, …), if any. */
export function errorCode(error: unknown): string | undefined {
  if (error && typeof error === "object" && "code" in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}
