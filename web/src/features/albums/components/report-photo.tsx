import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { Flag } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { reportPhoto } from "../api/album-api";
import { albumError } from "../album-errors";

// Stored in English like the other reports' reasons; shown translated.
const REASONS = {
  "Inappropriate or offensive": msg`Inappropriate or offensive`,
  "Not from this event": msg`Not from this event`,
  "Shows me without my consent": msg`Shows me without my consent`,
  "Spam or advertising": msg`Spam or advertising`,
} as const;
type Reason = keyof typeof REASONS;

/** Reports a photo to the event's hosts and the site's admins (the reports queue). */
export function ReportPhoto({ photoId, reporterId }: { photoId: string; reporterId: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<Reason>("Inappropriate or offensive");
  const report = useMutation({
    mutationFn: () => reportPhoto(photoId, reporterId, reason),
    onSuccess: () => {
      toast.success(t`Thanks. The photo was reported.`);
      setOpen(false);
    },
    onError: (e) => toast.error(albumError(e)),
  });
  return (
    <>
      <Button variant="ghost" size="sm" className="text-muted-foreground" onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" />
        <Trans>Report photo</Trans>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t`Report this photo?`}
        description={t`The event's hosts and Gather's moderators will look at it.`}
        confirmLabel={t`Report`}
        onConfirm={() => report.mutate()}
        busy={report.isPending}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-reason`}>
            <Trans>Reason</Trans>
          </Label>
          <Select id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value as Reason)}>
            {(Object.keys(REASONS) as Reason[]).map((r) => (
              <option key={r} value={r}>
                {i18n._(REASONS[r])}
              </option>
            ))}
          </Select>
        </div>
      </ConfirmDialog>
    </>
  );
}
