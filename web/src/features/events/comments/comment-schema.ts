import * as z from "zod";

// product.md §5 and the comment_rules trigger: 1–2,000 characters, in the database's words.
export const COMMENT_MAX = 2000;
export const COMMENT_LENGTH_MESSAGE = "A comment must be 1 to 2,000 characters long.";

export const commentSchema = z.object({
  body: z.string().trim().min(1, COMMENT_LENGTH_MESSAGE).max(COMMENT_MAX, COMMENT_LENGTH_MESSAGE),
});

export type CommentValues = z.input<typeof commentSchema>;

/** "1,234 / 2,000", and how close to the limit it is (the counter turns red past it). */
export function commentCounter(body: string): { text: string; over: boolean; near: boolean } {
  const length = body.trim().length;
  return {
    text: `${length.toLocaleString("en-US")} / ${COMMENT_MAX.toLocaleString("en-US")}`,
    over: length > COMMENT_MAX,
    near: length > COMMENT_MAX * 0.9,
  };
}
