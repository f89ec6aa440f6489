// Cookie consent: what a visitor allows (analytics, third-party media), remembered in
// localStorage. The GTM module follows `analytics`; video embeds should follow `media`.
export {
  getConsent,
  resetConsent,
  setConsent,
  subscribeConsent,
  useConsent,
  type ConsentChoices,
  type ConsentState,
} from "./consent-store";
export { closeConsentPanel, openConsentPanel, useConsentPanel } from "./consent-panel";
