// Web Push in the app (issue 33): Settings › Notifications' push part, and the offer shown after
// an RSVP. The service worker's push handler lives with the worker (build/service-worker.js).
export { PushOffer } from "./components/push-offer";
export { PushSettings } from "./components/push-settings";
