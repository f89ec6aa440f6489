export type { AnalyticsEvent } from "./analytics-events";
export { track } from "./track";
