import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { loadErrorMessages } from "@/lib/errors";
import { activateEnglish } from "./i18n";

// Testing Library only cleans up by itself when vitest globals are on; they are off here.
afterEach(cleanup);

// A lazy route's first render transforms its modules (with the Lingui macro's Babel pass), which
// takes over a second on this loaded machine: wait longer than the default 1 s for it.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout, so no scrolling; React Router's <ScrollRestoration> calls this.
window.scrollTo = () => {};

activateEnglish();
await loadErrorMessages();
