import { useLingui } from "@lingui/react/macro";
import { QueryClientProvider } from "@tanstack/react-query";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { persistOptions, queryClient } from "@/lib/query-client";

export function AppProviders({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const toaster = (
    <Toaster
      richColors
      closeButton
      customAriaLabel={t`Notifications (Alt+T)`}
      toastOptions={{ closeButtonAriaLabel: t`Close` }}
    />
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
