import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "@/app/providers";
import { createAppRouter, startLoadingPage } from "@/app/router";
import { initAnalytics } from "@/lib/analytics";
import { loadErrorMessages } from "@/lib/errors";
import { loadSupabase } from "@/lib/load-supabase";
import { i18n, startI18n } from "@/lib/i18n";
import { seedPageData } from "@/lib/page-data";
import { queryClient } from "@/lib/query-client";
import { registerServiceWorker } from "@/lib/service-worker";
import { warmUp } from "@/lib/warm-up";

// Zod compiles validators with `new Function` after probing whether eval is allowed; under the
// app's CSP (no 'unsafe-eval', decision 0099) the probe itself is reported as a violation. Its
// interpreter is fast enough for forms. Zod reads this shared object lazily, at first parse.
Object.assign(((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig ??= {}), { jitless: true });

function openSessionStorage(): void {
  try {
    window.sessionStorage.getItem("");
  } catch {
    // Storage blocked: the router copes without it.
  }
}

/**
 * The app itself, loaded by the entry (main.tsx) at once, or after the `load` event when the HTML
 * already shows the page's first screen (decision 0168); `firstScreen` says which.
 */
export async function startApp(root: HTMLElement, firstScreen: boolean): Promise<void> {
  // Over a first screen, every step below runs after the page's first paint, where a phone
  // counts each task over 50 ms as blocking: the page's code is asked for, the router created and
  // the first render drawn each in a task of its own (decisions 0196, 0197, 0199). Without one
  // nothing is on screen yet to wait for.
  const nextTask = () => (firstScreen ? new Promise<void>((resolve) => setTimeout(resolve, 0)) : undefined);

  // Before the first render, so the consent default is the first thing in the dataLayer.
  initAnalytics({
    gtmId: import.meta.env.VITE_GTM_ID,
    nonce: document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined,
  });

  // The page's data, when the server inlined it, before anything asks for it.
  seedPageData(queryClient);

  // The language is picked before the router starts loading the first page, so that page's
  // catalogue loads in parallel with the shell's, in the same language.
  const i18nReady = startI18n();
  await nextTask();
  if (firstScreen) {
    startLoadingPage(window.location.pathname);
    await nextTask();
    // The router reads sessionStorage as it is created (its view transitions); a page's first
    // use of a storage area waits for the browser process to open it (decision 0250).
    openSessionStorage();
    await nextTask();
  }
  const router = createAppRouter();

  // tailwind-merge's class map and Intl's data for the language, built on first use: each in a
  // task of its own while the first page's code and words download, not inside the first render.
  warmUp();

  // A first screen stays until the page's own code (its lazy route and catalogue) has arrived,
  // so the app's first render is the page itself, drawn over the same boxes, not a spinner.
  const routeReady = new Promise<void>((resolve) => {
    if (!firstScreen || router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

  // Not in the task that evaluated the route's code: the two made one long task (decision 0196).
  // Over a first screen the Supabase client is made in a task between them (the page's code
  // brought it; decision 0199), else the first render would make it on its first query; should
  // it fail to load, the page renders all the same and shows its own error.
  const clientMade = () => (firstScreen ? loadSupabase().then(nextTask, nextTask) : undefined);
  void Promise.all([i18nReady, routeReady])
    .then(nextTask)
    .then(clientMade)
    .then(() => {
      createRoot(root).render(
        <StrictMode>
          <I18nProvider i18n={i18n}>
            <AppProviders>
              <RouterProvider router={router} />
            </AppProviders>
          </I18nProvider>
        </StrictMode>,
      );
      // No first paint shows an error; their words load after it, in a task of their own.
      setTimeout(() => void loadErrorMessages(), 0);
      // The app shell and the member's tickets for offline use, once the app is idle.
      registerServiceWorker();
    });
}
