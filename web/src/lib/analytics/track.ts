import type { AnalyticsEvent } from "./analytics-events";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushes a typed event onto the dataLayer (consent gating is added by the GTM module). */
export function track(event: AnalyticsEvent): void {
  window.dataLayer?.push(event);
}
