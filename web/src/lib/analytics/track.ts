import type { AnalyticsEvent } from "./analytics-events";
import { dataLayer } from "./data-layer";
import { canTrack } from "./gtm";

/**
 * Pushes a typed event onto the dataLayer, but only with a GTM container configured and the
 * visitor's analytics consent; otherwise the event is dropped, not queued.
 */
export function track(event: AnalyticsEvent): void {
  if (!canTrack()) return;
  dataLayer().push(event);
}
