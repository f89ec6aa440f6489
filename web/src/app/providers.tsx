import { useLingui } from "@lingui/react/macro";
import { QueryClientProvider } from "@tanstack/react-query";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { lazy, Suspense, type ReactNode } from "react";
import { persistOptions, queryClient } from "@/lib/query-client";

// Toasts only follow an action, so their renderer loads after the first paint; one raised
// before it is mounted is shown when it is (sonner replays active toasts to a new Toaster).
const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

export function AppProviders({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const toaster = (
    <Suspense fallback={null}>
      <Toaster
        richColors
        closeButton
        customAriaLabel={t`Notifications (Alt+T)`}
        toastOptions={{ closeButtonAriaLabel: t`Close` }}
      />
    </Suspense>
  );
  // Public lists and event pages come back from localStorage on the next visit (and refetch).
  if (persistOptions) {
    return (
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        {children}
        {toaster}
      </PersistQueryClientProvider>
    );
  }
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toaster}
    </QueryClientProvider>
  );
}
