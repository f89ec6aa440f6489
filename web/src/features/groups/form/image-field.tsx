import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/i18n/format";
import { GROUP_MEDIA_TYPES } from "../api/group-media";
import type { useImageUpload } from "../hooks/use-image-upload";

type ImageFieldProps = {
  kind: "cover" | "logo";
  upload: ReturnType<typeof useImageUpload>;
  /** The picture the group has now (a URL), shown until another is chosen. */
  currentUrl: string | null;
  onRemoveCurrent?: () => void;
};

/** A cover or logo: choose a file, see it at once, then its upload's progress when the form saves. */
export function ImageField({ kind, upload, currentUrl, onRemoveCurrent }: ImageFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const { state } = upload;
  const preview = state.status === "idle" ? currentUrl : state.previewUrl;
  const cover = kind === "cover";
  const percent = state.status === "uploading" || state.status === "failed" ? Math.round(state.progress * 100) : state.status === "done" ? 100 : 0;
  const done = formatNumber(percent / 100, { style: "percent" });

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium leading-none">
        {cover ? <Trans>Cover image</Trans> : <Trans>Logo</Trans>}
      </label>
      {preview && (
        <img
          src={preview}
          alt={cover ? t`Cover preview` : t`Logo preview`}
          className={cover ? "aspect-[1200/630] w-full max-w-xl rounded-lg border border-border bg-muted object-cover" : "size-24 rounded-xl border border-border bg-muted object-cover"}
        />
      )}
      <input
        id={id}
        type="file"
        accept={GROUP_MEDIA_TYPES.join(",")}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
        aria-invalid={problem ? true : undefined}
        className="text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ""; // choosing the same file again still counts
          if (file) setProblem(upload.choose(file));
        }}
      />
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {cover ? <Trans>JPEG, PNG or WebP, up to 5 MB. 1200 × 630 looks best.</Trans> : <Trans>JPEG, PNG or WebP, up to 5 MB. Square, at least 192 × 192.</Trans>}
      </p>
      {problem && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      {(state.status === "uploading" || state.status === "failed") && (
        <div
          role="progressbar"
          aria-label={cover ? t`Uploading the cover` : t`Uploading the logo`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={done}
          className="h-2 w-full max-w-xl overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-brand-700 transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
        </div>
      )}
      <p role="status" className={state.status === "failed" ? "text-sm font-medium text-red-700" : "text-sm text-muted-foreground"}>
        {state.status === "chosen" && t`It uploads when you save.`}
        {state.status === "uploading" && t`Uploading… ${done}`}
        {state.status === "failed" && state.error}
        {state.status === "done" && t`Uploaded.`}
      </p>
      {(state.status !== "idle" || (currentUrl && onRemoveCurrent)) && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => {
            setProblem(null);
            if (state.status !== "idle") upload.clear();
            else onRemoveCurrent?.();
          }}
        >
          {cover ? <Trans>Remove the cover</Trans> : <Trans>Remove the logo</Trans>}
        </Button>
      )}
    </div>
  );
}
