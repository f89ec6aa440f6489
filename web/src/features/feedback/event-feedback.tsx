import { lazy, Suspense } from "react";
import { withCatalogue } from "@/lib/i18n";

// Only people who went see the form, once the event is over: its code and words load then.
const FeedbackForm = lazy(withCatalogue("feedback", () => import("./components/feedback-form")));

type EventFeedbackProps = {
  event: { id: string; ends_at: string; status: string };
  userId: string | undefined;
  /** The viewer was going (or checked in). */
  went: boolean;
};

/** "How was it?" on a past event's page, for those who went (issue 33, decision 0357). */
export function EventFeedback({ event, userId, went }: EventFeedbackProps) {
  if (!userId || !went || event.status !== "published" || Date.parse(event.ends_at) > Date.now()) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackForm eventId={event.id} userId={userId} />
    </Suspense>
  );
}
