import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "@/app/providers";
import { createAppRouter } from "@/app/router";
import { initAnalytics } from "@/lib/analytics";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// Before the first render, so the consent default is the first thing in the dataLayer.
initAnalytics({
  gtmId: import.meta.env.VITE_GTM_ID,
  nonce: document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined,
});

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
