export type { AnalyticsEvent } from "./analytics-events";
export { initAnalytics, isAnalyticsConfigured, type AnalyticsConfig } from "./gtm";
export { track } from "./track";
export { usePageViews } from "./use-page-views";
