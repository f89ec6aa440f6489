import { lazy, Suspense } from "react";
import { withCatalogue } from "@/lib/i18n";

/** What the snippet shows: a group's upcoming events, or one event. */
export type EmbedTarget = { kind: "group" | "event"; slug: string };

// Only organizers and hosts see the box: its code and words load when it is shown.
const EmbedSnippetBox = lazy(withCatalogue("embeds", () => import("./embed-snippet-box")));

/** The "Embed on your site" box, for a public group's organizers or a public event's host. */
export function EmbedBox(props: EmbedTarget) {
  return (
    <Suspense fallback={null}>
      <EmbedSnippetBox {...props} />
    </Suspense>
  );
}
