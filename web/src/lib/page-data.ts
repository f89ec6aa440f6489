import type { QueryClient } from "@tanstack/react-query";
import { PAGE_DATA_ID } from "@shared/page-contract";

/**
 * Puts the data the server inlined in the page's HTML (the page-head function's public view of
 * it) into the query cache, so the page renders without waiting for its own request. It is
 * marked stale at once: the app still fetches with the viewer's own rights, and a signed-in
 * member then sees what only they may see (an online link, a draft they host).
 */
export function seedPageData(client: QueryClient, doc: Document = document): void {
  const el = doc.getElementById(PAGE_DATA_ID);
  if (!el?.textContent) return;
  try {
    const { key, data } = JSON.parse(el.textContent) as { key?: unknown; data?: unknown };
    if (Array.isArray(key) && data !== undefined) client.setQueryData(key, data, { updatedAt: 0 });
  } catch {
    // Malformed: the page fetches its data as usual.
  }
}
