import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { EyeOff, Images } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/page-states";
import { Spinner } from "@/components/ui/spinner";
import { albumOptions } from "../api/album-api";
import { thumbnail } from "../album-images";
import { AddPhotoForm } from "./add-photo-form";
import { PhotoViewer } from "./photo-viewer";

type AlbumSectionProps = { eventId: string; userId: string | undefined; canAdd: boolean; canManage: boolean };

/** The album: a grid of square thumbnails, each opening the full-size view; the form to add one. */
export default function AlbumSection({ eventId, userId, canAdd, canManage }: AlbumSectionProps) {
  const { t } = useLingui();
  const album = useQuery(albumOptions(eventId));
  const [open, setOpen] = useState<number | null>(null);
  const photos = album.data ?? [];

  return (
    <section aria-labelledby="album-heading" className="flex flex-col gap-4">
      <h2 id="album-heading" className="text-xl font-semibold">
        <Trans>Photos</Trans>
        {photos.length > 0 && (
          <span className="ms-2 text-base font-normal text-muted-foreground">
            <Plural value={photos.length} one="# photo" other="# photos" />
          </span>
        )}
      </h2>
      {canAdd && <AddPhotoForm eventId={eventId} />}
      {album.isPending ? (
        <Spinner label={t`Loading photos…`} />
      ) : album.isError ? (
        <LoadError title={t`Couldn't load the photos.`} error={album.error} onRetry={() => void album.refetch()} />
      ) : photos.length === 0 ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <Images aria-hidden="true" className="size-5" />
          {canAdd ? <Trans>No photos yet. Add the first one!</Trans> : <Trans>No photos yet.</Trans>}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {photos.map((p, i) => {
            const name = p.uploader?.display_name ?? t`a member`;
            return (
              <li key={p.id} className="relative">
                <button
                  type="button"
                  className="block w-full overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  onClick={() => setOpen(i)}
                  aria-label={p.caption ? t`Open photo: ${p.caption}` : t`Open photo by ${name}`}
                >
                  <img {...thumbnail(p.path)} alt="" loading="lazy" decoding="async" className="aspect-square w-full bg-muted object-cover" />
                </button>
                {p.hidden_at && (
                  <span className="absolute start-1 top-1 flex items-center gap-1 rounded bg-background/90 px-1.5 py-0.5 text-xs font-medium">
                    <EyeOff aria-hidden="true" className="size-3" />
                    <Trans>Hidden</Trans>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {open !== null && photos[open] && (
        <PhotoViewer
          eventId={eventId}
          photos={photos}
          index={open}
          onIndexChange={setOpen}
          onClose={() => setOpen(null)}
          userId={userId}
          canManage={canManage}
        />
      )}
    </section>
  );
}
