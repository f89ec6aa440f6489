import { t } from "@lingui/core/macro";
import { errorMessage } from "@/lib/errors";

/** The database's refusals for private messages, in the member's language. */
export function messageError(error: unknown): string {
  const code = error && typeof error === "object" && "code" in error ? (error as { code: unknown }).code : undefined;
  switch (code) {
    case "messaging_not_allowed":
      return t`You can message members who share a group or an event with you, or who accept messages from anyone.`;
    case "messaging_blocked":
      return t`You cannot message this member.`;
    case "already_reported":
      return t`You already reported this. An admin will look at it soon.`;
    case "rate_limited":
      return t`You're doing that too often. Try again in a minute.`;
    default:
      return errorMessage(error);
  }
}
