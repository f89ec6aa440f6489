import { Fragment, lazy, Suspense } from "react";
import { cn } from "@/lib/utils";
import type { MarkdownProps } from "./markdown";
import { plainParagraphs } from "./plain-text";
import { PROSE } from "./prose";

// marked + DOMPurify stay out of the page's chunk; they load when Markdown is first shown. The
// module is evaluated in one task and rendered in the next: two short tasks, not one long one.
const Markdown = lazy(() =>
  import("./markdown").then((module) => new Promise<typeof module>((resolve) => setTimeout(() => resolve(module), 0))),
);

/**
 * User-written Markdown. Plain paragraphs, with their bold and italic phrases, render at once, as
 * Markdown would render them (decision 0200); the rest renders as plain text (with its line
 * breaks) until the renderer has loaded, so the words are readable at once and never pass
 * through innerHTML unsanitised.
 */
export function LazyMarkdown(props: MarkdownProps) {
  const paragraphs = plainParagraphs(props.source);
  if (paragraphs) {
    return (
      <div className={cn(PROSE, props.className)}>
        {paragraphs.map((lines, i) => (
          <p key={i}>
            {lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                {line.map((piece, k) =>
                  typeof piece === "string" ? piece : "strong" in piece ? <strong key={k}>{piece.strong}</strong> : <em key={k}>{piece.em}</em>,
                )}
              </Fragment>
            ))}
          </p>
        ))}
      </div>
    );
  }
  const fallback = <p className={cn("whitespace-pre-line break-words leading-relaxed", props.className)}>{props.source}</p>;
  return (
    <Suspense fallback={fallback}>
      <Markdown {...props} />
    </Suspense>
  );
}
