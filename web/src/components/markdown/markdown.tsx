import { useMemo } from "react";
import { cn } from "@/lib/utils";
import { PROSE } from "./prose";
import { renderMarkdown, type MarkdownOptions } from "./render-markdown";

export type MarkdownProps = MarkdownOptions & {
  source: string;
  className?: string;
};

/** User-written Markdown, sanitised (see render-markdown.ts). Import it lazily: it carries marked and DOMPurify. */
export function Markdown({ source, className, headingOffset, imagePrefixes }: MarkdownProps) {
  const html = useMemo(
    () => renderMarkdown(source, { headingOffset, imagePrefixes }),
    [source, headingOffset, imagePrefixes],
  );
  // The HTML comes out of DOMPurify with a strict allow-list; it is the one safe use of innerHTML.
  return <div className={cn(PROSE, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}

export default Markdown;
