import type { CommentAuthor, EventComment } from "./comments-api";

// Pure updates of one event's cached comment list (oldest first). Realtime changes, our own
// mutations and re-checks all go through these, so the list never holds a comment twice.

type ChangeRow = Partial<Omit<EventComment, "author">> & { id?: string };

/** A postgres_changes payload on `comments`, as supabase-js delivers it. */
export type CommentChange = {
  eventType: "INSERT" | "UPDATE" | "DELETE";
  new: ChangeRow;
  old: ChangeRow;
};

function byTime(a: EventComment, b: EventComment): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Inserts `comment` in time order, or replaces the one with its id (keeping a known author). */
export function upsertComment(list: readonly EventComment[], comment: EventComment): EventComment[] {
  const index = list.findIndex((c) => c.id === comment.id);
  if (index === -1) return [...list, comment].sort(byTime);
  const merged = { ...list[index]!, ...comment, author: comment.author ?? list[index]!.author };
  return list.map((c, i) => (i === index ? merged : c));
}

export function removeComment(list: readonly EventComment[], id: string): EventComment[] {
  return list.some((c) => c.id === id) ? list.filter((c) => c.id !== id) : (list as EventComment[]);
}

/** The author's profile, if any cached comment already carries it. */
export function knownAuthor(list: readonly EventComment[], authorId: string | undefined): CommentAuthor | null {
  return list.find((c) => c.author_id === authorId && c.author)?.author ?? null;
}

function isComplete(row: ChangeRow): row is Omit<EventComment, "author"> {
  return (
    typeof row.id === "string" &&
    typeof row.event_id === "string" &&
    typeof row.author_id === "string" &&
    typeof row.created_at === "string" &&
    typeof row.body === "string" &&
    row.parent_id !== undefined &&
    row.edited_at !== undefined &&
    row.deleted_at !== undefined &&
    row.hidden_at !== undefined
  );
}

/**
 * Applies one realtime change. A row the list lacks and whose author is unknown cannot be
 * shown yet (the change has no embedded profile): `fetchId` asks the caller to load it.
 */
export function applyCommentChange(list: readonly EventComment[], change: CommentChange): { list: EventComment[]; fetchId?: string } {
  if (change.eventType === "DELETE") {
    return { list: change.old.id ? removeComment(list, change.old.id) : (list as EventComment[]) };
  }
  const row = change.new;
  if (!row.id) return { list: list as EventComment[] };
  const existing = list.find((c) => c.id === row.id);
  if (existing) return { list: upsertComment(list, { ...existing, ...row, author: existing.author }) };
  const author = knownAuthor(list, row.author_id);
  if (!author || !isComplete(row)) return { list: list as EventComment[], fetchId: row.id };
  // An UPDATE for a comment we don't have: e.g. a host restored a hidden one.
  return { list: upsertComment(list, { ...row, author }) };
}

export type CommentThread = {
  /** The top-level comment; null when the viewer cannot see it (hidden) but can see replies. */
  comment: EventComment | null;
  replies: EventComment[];
};

/**
 * Top-level comments with their replies, oldest first. A deleted comment stays as a
 * placeholder only while it has replies; deleted replies go.
 */
export function threadComments(list: readonly EventComment[]): CommentThread[] {
  const repliesOf = new Map<string, EventComment[]>();
  for (const c of list) {
    if (!c.parent_id || c.deleted_at) continue;
    const replies = repliesOf.get(c.parent_id) ?? [];
    replies.push(c);
    repliesOf.set(c.parent_id, replies);
  }
  const tops = new Set(list.filter((c) => !c.parent_id).map((c) => c.id));
  const threads: (CommentThread & { at: string })[] = [];
  for (const c of list) {
    if (c.parent_id) continue;
    const replies = repliesOf.get(c.id) ?? [];
    if (c.deleted_at && replies.length === 0) continue;
    threads.push({ comment: c, replies, at: c.created_at });
  }
  for (const [parentId, replies] of repliesOf) {
    if (!tops.has(parentId)) threads.push({ comment: null, replies, at: replies[0]!.created_at });
  }
  return threads.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).map(({ comment, replies }) => ({ comment, replies }));
}

/** Comments a reader would count: not deleted. */
export function countComments(list: readonly EventComment[]): number {
  return list.filter((c) => !c.deleted_at).length;
}
