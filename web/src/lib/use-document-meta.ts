import { useEffect } from "react";

export type DocumentMeta = {
  description?: string;
  /** Open Graph properties without the "og:" prefix: title, type, url, image… */
  openGraph?: Record<string, string | undefined>;
  /** Structured data for search engines, written as <script type="application/ld+json">. */
  jsonLd?: object;
};

function setMeta(attr: "name" | "property", key: string, content: string): () => void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  const created = !el;
  const previous = el?.content;
  if (!el) {
    el = document.createElement("meta");
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = content;
  return () => {
    if (created) el.remove();
    else if (previous !== undefined) el.content = previous;
  };
}

/**
 * Page-specific <head> tags, restored when the page unmounts. Link unfurlers that run
 * JavaScript read these; the rest see index.html's defaults until there is server rendering.
 */
export function useDocumentMeta(meta: DocumentMeta | null): void {
  const serialized = meta ? JSON.stringify(meta) : "";
  useEffect(() => {
    if (!serialized) return;
    const { description, openGraph = {}, jsonLd } = JSON.parse(serialized) as DocumentMeta;
    const undo: (() => void)[] = [];
    if (description) {
      undo.push(setMeta("name", "description", description));
      undo.push(setMeta("property", "og:description", description));
    }
    for (const [key, value] of Object.entries(openGraph)) {
      if (value) undo.push(setMeta("property", `og:${key}`, value));
    }
    if (jsonLd) {
      const script = document.createElement("script");
      script.type = "application/ld+json";
      script.dataset.pageMeta = "";
      script.textContent = JSON.stringify(jsonLd);
      document.head.append(script);
      undo.push(() => script.remove());
    }
    return () => undo.reverse().forEach((fn) => fn());
  }, [serialized]);
}
