import { t } from "@lingui/core/macro";
import { errorMessage } from "@/lib/errors";
import { PushTimeoutError } from "../push-support";

/** Why turning push on failed, in the member's words. */
export function pushErrorMessage(error: unknown): string {
  if (error instanceof PushTimeoutError) return t`Your browser's push service did not answer. Try again later.`;
  if (error instanceof DOMException && (error.name === "AbortError" || error.name === "NotAllowedError")) {
    return t`Your browser would not turn on notifications for this site. Check its notification settings and try again.`;
  }
  return errorMessage(error);
}
