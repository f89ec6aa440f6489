/** A topic as the database keeps it (private.normalize_tags): trimmed, single-spaced, lower case. */
export function normalizeTopic(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Longest topic the database takes. */
export const TOPIC_MAX = 30;
