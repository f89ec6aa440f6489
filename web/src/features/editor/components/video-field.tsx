import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { EventFormValues } from "../event-form-schema";
import type { useMediaUpload } from "../hooks/use-media-upload";
import { MEDIA_RULES } from "../media-rules";
import { UploadProgress } from "./upload-progress";

type VideoFieldProps = { upload: ReturnType<typeof useMediaUpload>; canRetry: boolean };

const KINDS = [
  { value: "none", label: msg`No video` },
  { value: "link", label: msg`A YouTube or Vimeo link` },
  { value: "upload", label: msg`Upload a video file` },
] as const;

/** A promo, livestream or recording: a YouTube/Vimeo link, or a file uploaded resumably. */
export function VideoField({ upload, canRetry }: VideoFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const { register, control, formState: { errors } } = useFormContext<EventFormValues>();
  const [kind, videoPath] = useWatch({ control, name: ["videoKind", "videoPath"] });
  const { state } = upload;

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">
          <Trans>Video</Trans>
        </legend>
        {KINDS.map((k) => (
          <label key={k.value} className="flex items-center gap-2 text-sm">
            <input type="radio" value={k.value} className="size-4 accent-brand-700" {...register("videoKind")} />
            {t(k.label)}
          </label>
        ))}
      </fieldset>
      {kind === "link" && (
        <FormField label={t`Video link`} error={errors.videoUrl?.message} hint={t`e.g. https://www.youtube.com/watch?v=… or https://vimeo.com/…`}>
          <Input type="url" inputMode="url" autoComplete="off" {...register("videoUrl")} />
        </FormField>
      )}
      {kind === "upload" && (
        <div className="flex flex-col gap-2">
          <label htmlFor={id} className="text-sm font-medium leading-none">
            <Trans>Video file</Trans>
          </label>
          <input
            id={id}
            type="file"
            accept={Object.keys(MEDIA_RULES.video.types).join(",")}
            aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
            aria-invalid={problem ? true : undefined}
            className="text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) setProblem(upload.choose(file));
            }}
          />
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            <Trans>MP4 or WebM, up to 100 MB. Big files upload in parts and pick up where they stopped if the connection drops.</Trans>
          </p>
          {problem && (
            <p id={`${id}-error`} className="text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
          {state.status !== "idle" && (
            <UploadProgress what="video" state={state} onCancel={upload.cancel} onRetry={upload.retry} canRetry={canRetry} />
          )}
          {state.status === "idle" && videoPath && (
            <p className="text-sm text-muted-foreground">
              <Trans>A video file is attached. Choose another to replace it.</Trans>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
