import { Trans } from "@lingui/react/macro";
import { LazyMarkdown } from "@/components/markdown/lazy-markdown";
import { supabaseUrl } from "@/lib/supabase";

// Descriptions may show pictures hosts uploaded to our own cover bucket; no other host's
// images load (they could track readers).
const IMAGE_PREFIXES = [`${supabaseUrl}/storage/v1/object/public/event-covers/`];

/** "About this event": the host's Markdown, sanitised, with headings below this section's h2. */
export function EventDescription({ description }: { description: string }) {
  return (
    <section aria-labelledby="about-heading" className="flex flex-col gap-2">
      <h2 id="about-heading" className="text-xl font-semibold">
        <Trans>About this event</Trans>
      </h2>
      {description.trim() ? (
        <LazyMarkdown source={description} headingOffset={2} imagePrefixes={IMAGE_PREFIXES} />
      ) : (
        <p className="text-muted-foreground">
          <Trans>No description yet.</Trans>
        </p>
      )}
    </section>
  );
}
