import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { errorCode, errorMessage } from "@/lib/errors";

// The database's codes for follows and topics (decision 0341), translated here rather than in
// the shared error chunk every page loads: only these screens meet them.
const MESSAGES: Record<string, MessageDescriptor> = {
  invalid_follow: msg`You can't follow that: choose a category from the list, a topic of 1 to 30 characters, or someone other than yourself.`,
  host_not_found: msg`This person's account no longer exists.`,
  too_many_follows: msg`You follow 200 things already: unfollow some first.`,
  invalid_tags: msg`Topics are 1 to 30 characters long, and there can be at most 10.`,
};

/** What went wrong with a follow or a topic, in the member's language. */
export function interestErrorMessage(error: unknown): string {
  const known = MESSAGES[errorCode(error) ?? ""];
  return known ? i18n._(known) : errorMessage(error);
}
