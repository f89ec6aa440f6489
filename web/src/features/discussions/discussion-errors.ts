import { t } from "@lingui/core/macro";
import { errorMessage } from "@/lib/errors";

/** The database's refusals for discussions, in the member's language. */
export function discussionError(error: unknown): string {
  const code = error && typeof error === "object" && "code" in error ? (error as { code: unknown }).code : undefined;
  switch (code) {
    case "thread_locked":
      return t`This discussion is locked: no new replies.`;
    case "thread_not_found":
      return t`This discussion no longer exists or is not visible to you.`;
    case "not_organizer":
      return t`Only the group's organizers pin and lock discussions.`;
    case "not_author":
      return t`Only the author can edit this.`;
    case "23505":
      return t`You already reacted with this.`;
    default:
      return errorMessage(error);
  }
}
