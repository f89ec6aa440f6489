import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ImagePlus } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatNumber } from "@/lib/i18n/format";
import { addPhoto, albumKey, ALBUM_MAX_BYTES, ALBUM_TYPES, CAPTION_MAX } from "../api/album-api";
import { albumError } from "../album-errors";

/** Choose a picture, add an optional caption, send it with a progress bar; toasts say how it went. */
export function AddPhotoForm({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState("");
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: (f: File) => addPhoto(eventId, f, caption, setProgress),
    onSuccess: () => {
      toast.success(t`Photo added to the album.`);
      setFile(null);
      setCaption("");
      if (fileRef.current) fileRef.current.value = "";
    },
    onError: (error) => toast.error(albumError(error)),
    onSettled: () => {
      setProgress(0);
      void queryClient.invalidateQueries({ queryKey: albumKey(eventId) });
    },
  });

  const choose = (f: File | undefined) => {
    setProblem(null);
    setFile(null);
    if (!f) return;
    if (!(ALBUM_TYPES as readonly string[]).includes(f.type)) return setProblem(t`Choose a JPEG, PNG or WebP picture.`);
    if (f.size > ALBUM_MAX_BYTES) return setProblem(t`This picture is larger than ${formatNumber(8)} MB. Choose a smaller one.`);
    setFile(f);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) upload.mutate(file);
    else setProblem(t`Choose a picture first.`);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border border-border p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-medium">
        <Trans>Add a photo</Trans>
      </h3>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-file`}>
          <Trans>Picture (JPEG, PNG or WebP, up to 8 MB)</Trans>
        </Label>
        <Input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          accept={ALBUM_TYPES.join(",")}
          disabled={upload.isPending}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        {problem && (
          <p id={`${id}-problem`} className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-caption`}>
          <Trans>Caption (optional)</Trans>
        </Label>
        <Input id={`${id}-caption`} value={caption} maxLength={CAPTION_MAX} disabled={upload.isPending} onChange={(e) => setCaption(e.target.value)} />
      </div>
      {upload.isPending && (
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-progress`}>
            <Trans>Uploading…</Trans>
          </Label>
          <progress id={`${id}-progress`} max={1} value={progress} className="h-2 w-full accent-primary" />
        </div>
      )}
      <Button type="submit" disabled={upload.isPending} className="self-start">
        <ImagePlus aria-hidden="true" />
        <Trans>Add photo</Trans>
      </Button>
    </form>
  );
}
