import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { publicFileUrl } from "@/lib/supabase";
import type { EventFormValues } from "../event-form-schema";
import type { useMediaUpload } from "../hooks/use-media-upload";
import { MEDIA_RULES } from "../media-rules";
import { UploadProgress } from "./upload-progress";

type CoverFieldProps = { upload: ReturnType<typeof useMediaUpload>; canRetry: boolean };

export function CoverField({ upload, canRetry }: CoverFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const { control, setValue } = useFormContext<EventFormValues>();
  const coverPath = useWatch({ control, name: "coverPath" });
  const { state } = upload;
  const preview = state.status !== "idle" ? state.previewUrl : coverPath ? publicFileUrl("event-covers", coverPath) : null;

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={id} className="text-sm font-medium leading-none">
        <Trans>Cover image</Trans>
      </label>
      {preview && (
        <img src={preview} alt={t`Cover preview`} className="aspect-[1200/630] w-full max-w-xl rounded-lg border border-border bg-muted object-cover" />
      )}
      <input
        id={id}
        type="file"
        accept={Object.keys(MEDIA_RULES.cover.types).join(",")}
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
        <Trans>JPEG, PNG or WebP, up to 5 MB. 1200 × 630 looks best.</Trans>
      </p>
      {problem && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      {state.status !== "idle" && (
        <UploadProgress what="cover" state={state} onCancel={upload.cancel} onRetry={upload.retry} canRetry={canRetry} />
      )}
      {((state.status === "idle" && coverPath) || state.status === "done") && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => {
            upload.cancel();
            setValue("coverPath", "", { shouldDirty: true });
          }}
        >
          <Trans>Remove the cover</Trans>
        </Button>
      )}
    </div>
  );
}
