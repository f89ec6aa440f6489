import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useConsent } from "@/lib/consent";
import { track } from "./track";

/**
 * A page_view for every route change (a single-page app has no page loads for GTM to see),
 * and one for the page on screen when the visitor grants analytics consent. Runs after the
 * page's own effects, so document.title is usually the new page's already.
 */
export function usePageViews(): void {
  const location = useLocation();
  const { analytics } = useConsent();
  const last = useRef<{ key: string; analytics: boolean } | null>(null);
  useEffect(() => {
    const seen = last.current;
    last.current = { key: location.key, analytics };
    // StrictMode runs effects twice in development: one view per page and consent.
    if (!analytics || (seen?.key === location.key && seen.analytics)) return;
    track({ event: "page_view", page_path: location.pathname + location.search, page_title: document.title });
  }, [location.key, location.pathname, location.search, analytics]);
}
