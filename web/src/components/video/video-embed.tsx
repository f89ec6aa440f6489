import { Trans, useLingui } from "@lingui/react/macro";
import { Play } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useConsent } from "@/lib/consent";
import { cn } from "@/lib/utils";
import { embedUrl, providerName, type VideoSource } from "./video-url";

type VideoEmbedProps = {
  source: VideoSource;
  /** What the video is, for the play button's name and the player's title. */
  title: string;
  className?: string;
};

const FRAME = "relative aspect-video w-full overflow-hidden rounded-xl bg-zinc-900";

/**
 * A YouTube or Vimeo video behind a click-to-load facade: until the viewer presses play, nothing
 * is requested from the provider (no iframe, no thumbnail from their CDN, no preconnect). Without
 * media consent (lib/consent), the press is the viewer's consent for that one video, and the text
 * under the button says so.
 * Uploaded files play in the browser's own player and load nothing until played.
 */
export function VideoEmbed({ source, title, className }: VideoEmbedProps) {
  if (source.kind === "file") {
    return (
      <video
        controls
        preload="none"
        src={source.src}
        aria-label={title}
        className={cn(FRAME, "object-contain", className)}
      >
        <Trans>
          Your browser can't play this video. <a href={source.src}>Download it</a> instead.
        </Trans>
      </video>
    );
  }
  return <ProviderVideo source={source} title={title} className={className} />;
}

function ProviderVideo({ source, title, className }: VideoEmbedProps & { source: Exclude<VideoSource, { kind: "file" }> }) {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const noticeId = useId();
  const { t } = useLingui();
  const { media: mediaAllowed } = useConsent();
  const provider = providerName(source);

  // The button the viewer pressed is gone; keep their focus on the player that replaced it.
  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  if (playing) {
    return (
      <div className={cn(FRAME, className)}>
        <iframe
          ref={frameRef}
          src={embedUrl(source)}
          title={t`${title} (${provider} video)`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 size-full border-0"
        />
      </div>
    );
  }

  // The notice sits outside the button (its name stays "Play video: <title>", which contains
  // the visible title) and lets clicks through to it.
  return (
    <div className={cn(FRAME, "bg-gradient-to-br from-brand-900 via-zinc-900 to-brand-700", className)}>
      <button
        type="button"
        onClick={() => setPlaying(true)}
        aria-describedby={noticeId}
        className="group absolute inset-0 flex flex-col items-center justify-center gap-3 px-4 pb-14 pt-4 text-center text-white focus-visible:outline-offset-[-4px] focus-visible:outline-white sm:pb-16"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-white/95 text-brand-900 shadow-lg transition-transform group-hover:scale-105 motion-reduce:transition-none sm:size-16">
          <Play aria-hidden="true" className="ms-1 size-6 rtl:-scale-x-100 fill-current sm:size-8" />
        </span>
        <span className="line-clamp-2 max-w-prose text-base font-semibold sm:text-lg">
          <Trans>
            <span className="sr-only">Play video:</span> {title}
          </Trans>
        </span>
      </button>
      <p
        id={noticeId}
        className="pointer-events-none absolute inset-x-0 bottom-0 px-4 pb-3 text-center text-xs text-zinc-100 sm:pb-4 sm:text-sm"
      >
        {mediaAllowed
          ? t`Plays from ${provider}.`
          : t`Plays from ${provider}. Pressing play loads content from ${provider}, which may set cookies.`}
      </p>
    </div>
  );
}

export default VideoEmbed;
