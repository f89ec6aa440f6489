import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library only cleans up by itself when vitest globals are on; they are off here.
afterEach(cleanup);

// jsdom has no layout, so no scrolling; React Router's <ScrollRestoration> calls this.
window.scrollTo = () => {};
