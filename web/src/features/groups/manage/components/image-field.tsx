import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { Label } from "@/components/ui/label";
import { publicFileUrl } from "@/lib/supabase";
import { GROUP_MEDIA_MAX_BYTES, GROUP_MEDIA_TYPES } from "../api/group-settings";

type ImageFieldProps = {
  label: string;
  /** The stored file, if any. */
  path: string | null;
  /** The chosen file, shown as a preview until saved. */
  file: File | null;
  onFile: (file: File | null) => void;
  /** Preview shape: a wide cover or a square logo. */
  shape: "cover" | "logo";
  uploading: boolean;
};

/** A cover or logo: the current picture (or the chosen one's preview) and a file input checked like the bucket. */
export function ImageField({ label, path, file, onFile, shape, uploading }: ImageFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const src = preview ?? (path ? publicFileUrl("group-media", path) : null);
  const box = shape === "cover" ? "aspect-[1200/630] w-full max-w-md" : "size-24";
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {src ? (
        <img src={src} alt="" className={`${box} rounded-lg bg-muted object-cover`} />
      ) : (
        <div className={`${box} rounded-lg border border-dashed border-border bg-muted`} aria-hidden="true" />
      )}
      <input
        id={id}
        type="file"
        accept={GROUP_MEDIA_TYPES.join(",")}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          if (chosen && (!GROUP_MEDIA_TYPES.includes(chosen.type) || chosen.size > GROUP_MEDIA_MAX_BYTES)) {
            setError(t`Choose a JPEG, PNG or WebP image of at most 5 MB.`);
            onFile(null);
            return;
          }
          setError(null);
          onFile(chosen);
        }}
      />
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {uploading ? t`Uploading…` : file ? t`Saved with the settings.` : t`JPEG, PNG or WebP, at most 5 MB.`}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
