import { t } from "@lingui/core/macro";
import { errorCode, errorMessage } from "@/lib/errors";

/** The database's refusals of a feedback answer, in the member's language. */
export function feedbackError(error: unknown): string {
  switch (errorCode(error)) {
    case "not_attendee":
      return t`Only people who went to this event can give feedback.`;
    case "event_not_over":
      return t`Feedback opens once the event has ended.`;
    case "invalid_rating":
      return t`Choose a rating from 1 to 5.`;
    case "invalid_comment":
      return t`Keep the comment to 1,000 characters.`;
    default:
      return errorMessage(error, t`Your feedback wasn't saved. Please try again.`);
  }
}
