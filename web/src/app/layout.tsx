import { useLingui } from "@lingui/react/macro";
import { Suspense } from "react";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { AfterPaint } from "@/components/after-paint";
import { ConsentBanner } from "@/components/consent";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { usePageViews } from "@/lib/analytics";
import { AuthProvider } from "@/lib/auth/auth-provider";
import { memoInLanguage } from "@/lib/i18n/memo-in-language";
import { OfflineBanner } from "./offline-banner";
import { ProfileLocale } from "./profile-locale";
import { SiteFooter as SiteFooterSection } from "./site-footer";
import { SiteHeader as SiteHeaderSection } from "./site-header";

// The shell renders again as pages load and navigations start and end; its header and footer
// only when the language changes.
const SiteHeader = memoInLanguage(SiteHeaderSection);
const SiteFooter = memoInLanguage(SiteFooterSection);

export function AppLayout() {
  // Lazy routes keep the previous page on screen while their chunk downloads; say so.
  const { t } = useLingui();
  const isNavigating = useNavigation().state !== "idle";
  usePageViews();

  return (
    // Inside the router, so session events (PASSWORD_RECOVERY) can navigate.
    <AuthProvider>
    <ProfileLocale />
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-background font-medium text-foreground shadow-lg focus:not-sr-only focus:fixed focus:start-4 focus:top-3 focus:z-50 focus:px-4 focus:py-2"
      >
        {t`Skip to content`}
      </a>
      <OfflineBanner />
      <SiteHeader />
      {isNavigating && (
        <div className="fixed end-4 top-4 z-40 rounded-full bg-background p-1 shadow-md">
          <Spinner label={t`Loading page…`} />
        </div>
      )}
      {/* At least a screen tall: a page that grows as its data arrives never pushes a visible
          footer off the first screen (a layout shift of the footer's whole height on phones). */}
      <main
        id="main"
        tabIndex={-1}
        aria-busy={isNavigating}
        className="mx-auto min-h-svh w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none"
      >
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      {/* Below the first screen (main is a screen tall): rendered after the page has painted. */}
      <AfterPaint>
        <SiteFooter />
      </AfterPaint>
      {/* Last in the page, fixed at the bottom: it never pushes content around. */}
      <ConsentBanner />
      <ScrollRestoration />
    </div>
    </AuthProvider>
  );
}
