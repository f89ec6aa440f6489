import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/i18n/format";
import { formatBytes } from "../media-rules";
import type { UploadState } from "../hooks/use-media-upload";

type UploadProgressProps = {
  what: "cover" | "video";
  state: Exclude<UploadState, { status: "idle" }>;
  onCancel: () => void;
  onRetry: () => void;
  canRetry: boolean;
};

/** Where an upload stands: a progress bar while it runs, the reason and Retry when it stopped. */
export function UploadProgress({ what, state, onCancel, onRetry, canRetry }: UploadProgressProps) {
  const percent = state.status === "uploading" || state.status === "failed" ? Math.round(state.progress * 100) : state.status === "done" ? 100 : 0;
  const { t } = useLingui();
  const name = `${state.file.name} (${formatBytes(state.file.size)})`;
  const done = formatNumber(percent / 100, { style: "percent" });
  const cover = what === "cover";
  return (
    <div className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm">
      <p className="break-all font-medium">{name}</p>
      {(state.status === "uploading" || state.status === "failed") && (
        <div
          role="progressbar"
          aria-label={cover ? t`Uploading the cover` : t`Uploading the video`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={done}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-brand-700 transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
        </div>
      )}
      <p role="status" className={state.status === "failed" ? "font-medium text-red-700" : "text-muted-foreground"}>
        {state.status === "waiting" && (cover ? t`The cover uploads when you save.` : t`The video uploads when you save.`)}
        {state.status === "uploading" && t`Uploading… ${done}`}
        {state.status === "failed" && state.error}
        {state.status === "done" && (cover ? t`The cover is uploaded. Save to keep it.` : t`The video is uploaded. Save to keep it.`)}
      </p>
      <div className="flex flex-wrap gap-2">
        {state.status === "failed" && canRetry && (
          <Button type="button" size="sm" variant="outline" onClick={onRetry}>
            <Trans>Retry upload</Trans>
          </Button>
        )}
        {(state.status === "uploading" || state.status === "failed" || state.status === "waiting") && (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            {state.status === "waiting" ? (cover ? t`Remove this cover` : t`Remove this video`) : t`Cancel upload`}
          </Button>
        )}
      </div>
    </div>
  );
}
