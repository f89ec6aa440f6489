import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { ImageUp, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { formatNumber } from "@/lib/i18n/format";
import type { MyProfile } from "@/lib/profile/my-profile";
import { queryRoots } from "@/lib/query-keys";
import { setAvatarPath } from "../api/profile-writes";
import { avatarPathFor, removeAvatarFiles, uploadAvatar } from "../api/upload-avatar";
import { avatarFileProblem } from "../settings-schemas";

/** Choose a picture, see it, upload it with a progress bar; or remove the current one. */
export function AvatarSection({ profile }: { profile: MyProfile }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  // The preview is a blob: URL; free it when it is replaced or the section goes away.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (chosen: File | undefined) => {
    setProblem(null);
    setFile(null);
    setPreview(null);
    if (!chosen) return;
    const why = avatarFileProblem(chosen);
    if (why) {
      setProblem(why);
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const refreshProfile = () => queryClient.invalidateQueries({ queryKey: queryRoots.profile });

  const upload = async () => {
    if (!file) return;
    const path = avatarPathFor(profile.id, file);
    setProgress(0);
    try {
      await uploadAvatar(path, file, setProgress);
      await setAvatarPath(profile.id, path);
      if (profile.avatar_path) void removeAvatarFiles([profile.avatar_path]).catch(() => {});
      await refreshProfile();
      toast.success(t`Photo updated`);
      setFile(null);
      setPreview(null);
      if (input.current) input.current.value = "";
    } catch (e) {
      setProblem(errorMessage(e));
      toast.error(errorMessage(e));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    if (!profile.avatar_path) return;
    try {
      await setAvatarPath(profile.id, null);
      void removeAvatarFiles([profile.avatar_path]).catch(() => {});
      await refreshProfile();
      toast.success(t`Photo removed`);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  const busy = progress !== null;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Avatar person={profile} src={preview ?? undefined} className="size-24 text-3xl" px={96} loading="eager" />
      <div className="flex flex-1 flex-col gap-3">
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-medium">
            <Trans>Choose a photo</Trans>
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ""}`}
            aria-invalid={problem ? true : undefined}
            disabled={busy}
            onChange={(e) => choose(e.target.files?.[0])}
            className="text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-accent"
          />
          <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
            {preview ? <Trans>JPEG, PNG or WebP, up to 2 MB. This is how it will look.</Trans> : <Trans>JPEG, PNG or WebP, up to 2 MB.</Trans>}
          </p>
          {problem && (
            <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
        </div>
        {busy && (
          <div className="flex items-center gap-3">
            <progress
              value={progress}
              max={1}
              aria-label={t`Uploading photo`}
              className="h-2 w-full max-w-xs overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-brand-700"
            />
            <span className="text-sm tabular-nums text-muted-foreground">{formatNumber(progress ?? 0, { style: "percent" })}</span>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => void upload()} disabled={!file || busy}>
            <ImageUp aria-hidden="true" />
            {busy ? <Trans>Uploading…</Trans> : <Trans>Upload photo</Trans>}
          </Button>
          {profile.avatar_path && !file && (
            <Button type="button" variant="outline" onClick={() => void remove()} disabled={busy}>
              <Trash2 aria-hidden="true" />
              <Trans>Remove photo</Trans>
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
