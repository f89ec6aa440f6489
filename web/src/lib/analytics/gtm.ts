import { getConsent, subscribeConsent, type ConsentState } from "@/lib/consent";
import { dataLayer, gtag } from "./data-layer";

export type AnalyticsConfig = {
  /** The GTM container id (VITE_GTM_ID); empty or missing turns analytics off entirely. */
  gtmId?: string;
  /** The page's CSP nonce, put on the injected GTM script. */
  nonce?: string;
};

export const GTM_SCRIPT_ID = "gtm";

let active: { gtmId: string; nonce?: string } | null = null;
// Consent Mode's default is "denied"; remember what GTM was last told so updates only go out on change.
let analyticsGranted = false;

/**
 * Sets up Google Tag Manager in Consent Mode v2, "basic" mode: the consent default (everything
 * denied) is pushed first, and the container script is only injected once the visitor grants
 * analytics. Without a container id this does nothing at all: no dataLayer, no script.
 */
export function initAnalytics({ gtmId, nonce }: AnalyticsConfig): void {
  const id = gtmId?.trim();
  if (!id || active) return;
  active = { gtmId: id, nonce };
  gtag("consent", "default", {
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "denied",
    wait_for_update: 500,
  });
  followConsent(getConsent());
  subscribeConsent(followConsent);
}

/** Whether a container id is configured (the consent banner only asks then). */
export function isAnalyticsConfigured(): boolean {
  return active !== null;
}

/** Whether `track()` may send now: a container is configured and analytics consent is granted. */
export function canTrack(): boolean {
  return active !== null && getConsent().analytics;
}

function followConsent(state: ConsentState): void {
  if (!active || state.analytics === analyticsGranted) return;
  analyticsGranted = state.analytics;
  // Ads are never used: ad_* stay denied whatever the visitor chooses.
  gtag("consent", "update", { analytics_storage: state.analytics ? "granted" : "denied" });
  if (state.analytics) loadContainer(active.gtmId, active.nonce);
}

function loadContainer(gtmId: string, nonce?: string): void {
  if (document.getElementById(GTM_SCRIPT_ID)) return;
  dataLayer().push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.id = GTM_SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  if (nonce) script.nonce = nonce;
  document.head.append(script);
}
