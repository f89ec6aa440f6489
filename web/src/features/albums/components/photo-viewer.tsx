import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Eye, EyeOff, Trash2, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { albumKey, removePhoto, setPhotoHidden, type AlbumPhoto } from "../api/album-api";
import { fullSize } from "../album-images";
import { albumError } from "../album-errors";
import { ReportPhoto } from "./report-photo";

type PhotoViewerProps = {
  eventId: string;
  photos: AlbumPhoto[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  userId: string | undefined;
  canManage: boolean;
};

/** The full-size view: one photo at a time (arrows or the buttons), its caption, and what the viewer may do with it. */
export function PhotoViewer({ eventId, photos, index, onIndexChange, onClose, userId, canManage }: PhotoViewerProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const photo = photos[index]!;
  const name = photo.uploader?.display_name ?? t`a member`;
  const mine = userId === photo.uploader_id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: albumKey(eventId) });

  const remove = useMutation({
    mutationFn: () => removePhoto(photo),
    onSuccess: () => {
      toast.success(t`Photo removed.`);
      setConfirmRemove(false);
      onClose();
    },
    onError: (e) => toast.error(albumError(e)),
    onSettled: refresh,
  });
  const hide = useMutation({
    mutationFn: (hidden: boolean) => setPhotoHidden(photo.id, hidden),
    onSuccess: (_, hidden) => toast.success(hidden ? t`Photo hidden from the album.` : t`Photo shown in the album again.`),
    onError: (e) => toast.error(albumError(e)),
    onSettled: refresh,
  });
  const step = (by: number) => onIndexChange((index + by + photos.length) % photos.length);

  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/80" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col gap-3 overflow-y-auto bg-background p-3 sm:inset-6 sm:rounded-xl sm:p-4"
          onKeyDown={(e) => {
            if (e.key === "ArrowRight") step(1);
            if (e.key === "ArrowLeft") step(-1);
          }}
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="text-lg font-semibold">
              <Trans>
                Photo {index + 1} of {photos.length}
              </Trans>
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t`Close`}>
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="flex min-h-0 flex-1 items-center justify-center">
            <img
              {...fullSize(photo.path, photo.width, photo.height)}
              alt={photo.caption ?? t`Photo by ${name}`}
              decoding="async"
              className="h-auto max-h-[70vh] w-auto max-w-full rounded-md object-contain"
            />
          </div>
          <Dialog.Description className="text-sm">
            {photo.caption && <span className="block font-medium">{photo.caption}</span>}
            <span className="text-muted-foreground">
              <Trans>By {name}</Trans>
            </span>
            {photo.hidden_at && (
              <span className="block text-muted-foreground">
                <Trans>Hidden: only its uploader and the hosts see it.</Trans>
              </span>
            )}
          </Dialog.Description>
          <div className="flex flex-wrap items-center gap-2">
            {photos.length > 1 && (
              <>
                <Button variant="outline" size="sm" onClick={() => step(-1)}>
                  <ChevronLeft aria-hidden="true" />
                  <Trans>Previous</Trans>
                </Button>
                <Button variant="outline" size="sm" onClick={() => step(1)}>
                  <Trans>Next</Trans>
                  <ChevronRight aria-hidden="true" />
                </Button>
              </>
            )}
            {canManage && (
              <Button variant="outline" size="sm" disabled={hide.isPending} onClick={() => hide.mutate(!photo.hidden_at)}>
                {photo.hidden_at ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
                {photo.hidden_at ? <Trans>Show in the album</Trans> : <Trans>Hide photo</Trans>}
              </Button>
            )}
            {(mine || canManage) && (
              <Button variant="outline" size="sm" onClick={() => setConfirmRemove(true)}>
                <Trash2 aria-hidden="true" />
                <Trans>Remove photo</Trans>
              </Button>
            )}
            {userId && !mine && <ReportPhoto photoId={photo.id} reporterId={userId} />}
          </div>
          <ConfirmDialog
            open={confirmRemove}
            onOpenChange={setConfirmRemove}
            title={t`Remove this photo?`}
            description={t`It leaves the album for everyone. This can't be undone.`}
            confirmLabel={t`Remove photo`}
            onConfirm={() => remove.mutate()}
            busy={remove.isPending}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
