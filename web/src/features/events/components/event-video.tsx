import { Trans } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { parseVideoUrl, type VideoSource } from "@/components/video/video-url";
import { publicFileUrl } from "@/lib/supabase";
import type { EventDetail } from "../api/get-event";

// The facade is small, but the page should not wait for it: its own chunk.
const VideoEmbed = lazy(() => import("@/components/video/video-embed"));

/** The event's uploaded video, else its YouTube or Vimeo link, else null. */
export function eventVideoSource(event: Pick<EventDetail, "video_path" | "video_url">): VideoSource | null {
  if (event.video_path) return { kind: "file", src: publicFileUrl("event-videos", event.video_path) };
  return parseVideoUrl(event.video_url);
}

export function EventVideo({ event }: { event: Pick<EventDetail, "title" | "video_path" | "video_url"> }) {
  const source = eventVideoSource(event);
  if (!source) return null;
  return (
    <section aria-labelledby="video-heading" className="flex flex-col gap-2">
      <h2 id="video-heading" className="sr-only">
        <Trans>Video</Trans>
      </h2>
      <Suspense fallback={<div className="aspect-video w-full rounded-xl bg-muted" />}>
        <VideoEmbed source={source} title={event.title} />
      </Suspense>
    </section>
  );
}
