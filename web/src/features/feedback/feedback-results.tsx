import { lazy, Suspense } from "react";
import { withCatalogue } from "@/lib/i18n";

const FeedbackResultsPanel = lazy(withCatalogue("feedback", () => import("./components/feedback-results-panel")));

/** The feedback attendees gave, on the host's dashboard once the event has ended (decision 0358). */
export function FeedbackResults({ event }: { event: { id: string; ends_at: string } }) {
  if (Date.parse(event.ends_at) > Date.now()) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackResultsPanel eventId={event.id} />
    </Suspense>
  );
}
