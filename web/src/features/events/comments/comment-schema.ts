import { t } from "@lingui/core/macro";
import * as z from "zod";
import { formatNumber } from "@/lib/i18n/format";

// product.md §5 and the comment_rules trigger: 1–2,000 characters, in the database's words.
export const COMMENT_MAX = 2000;
const lengthMessage = () => t`A comment must be 1 to 2,000 characters long.`;

export const commentSchema = z.object({
  body: z.string().trim().min(1, { error: lengthMessage }).max(COMMENT_MAX, { error: lengthMessage }),
});

export type CommentValues = z.input<typeof commentSchema>;

/** "1,234 / 2,000", and how close to the limit it is (the counter turns red past it). */
export function commentCounter(body: string): { text: string; over: boolean; near: boolean } {
  const length = body.trim().length;
  return {
    text: `${formatNumber(length)} / ${formatNumber(COMMENT_MAX)}`,
    over: length > COMMENT_MAX,
    near: length > COMMENT_MAX * 0.9,
  };
}
