import { lazy, Suspense } from "react";
import { cn } from "@/lib/utils";
import type { MarkdownProps } from "./markdown";

// marked + DOMPurify stay out of the page's chunk; they load when Markdown is first shown.
const Markdown = lazy(() => import("./markdown"));

/**
 * Markdown that renders as plain text (with its line breaks) until the renderer has loaded, so
 * the words are readable at once and never pass through innerHTML unsanitised.
 */
export function LazyMarkdown(props: MarkdownProps) {
  const fallback = <p className={cn("whitespace-pre-line break-words leading-relaxed", props.className)}>{props.source}</p>;
  return (
    <Suspense fallback={fallback}>
      <Markdown {...props} />
    </Suspense>
  );
}
