import { Trans, useLingui } from "@lingui/react/macro";
import { Code } from "lucide-react";
import { useId, useRef } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import type { EmbedTarget } from "./embed-box";


/** The HTML an organizer pastes into their own site (the names other tools rely on, issue 33). */
export function embedSnippet({ kind, slug }: EmbedTarget, origin: string): string {
  return `<script type="module" src="${origin}/embed.js"></script>\n<gather-events ${kind}="${slug}"></gather-events>`;
}

/**
 * "Embed on your site": the snippet that shows this group's (or event's) upcoming public events
 * on another website, with a Copy button whose toast confirms it (decision 0340).
 */
export default function EmbedSnippetBox({ kind, slug }: EmbedTarget) {
  const { t } = useLingui();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const snippet = embedSnippet({ kind, slug }, window.location.origin);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success(t`Snippet copied. Paste it into your site's HTML.`);
    } catch {
      field.current?.select();
      toast.error(t`Couldn't copy the snippet. It is selected: copy it yourself.`);
    }
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold">
        <Code aria-hidden="true" className="size-5" />
        <Trans>Embed on your site</Trans>
      </h2>
      <p id={`${id}-help`} className="text-sm text-muted-foreground">
        {kind === "group" ? (
          <Trans>Paste this into your website's HTML to show the group's upcoming public events, in each reader's language.</Trans>
        ) : (
          <Trans>Paste this into your website's HTML to show this event while it is upcoming, in each reader's language.</Trans>
        )}
      </p>
      <label htmlFor={`${id}-snippet`} className="text-sm font-medium">
        <Trans>Embed code</Trans>
      </label>
      <textarea
        id={`${id}-snippet`}
        ref={field}
        readOnly
        rows={4}
        value={snippet}
        aria-describedby={`${id}-help`}
        onFocus={(e) => e.currentTarget.select()}
        className="w-full resize-none rounded-md border border-input bg-muted/40 p-2 font-mono text-xs break-all focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      />
      <Button variant="outline" size="sm" className="self-start" onClick={() => void copy()}>
        <Trans>Copy embed code</Trans>
      </Button>
    </section>
  );
}
