import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import * as z from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/errors";
import { formatNumber } from "@/lib/i18n/format";
import {
  fileReport, REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS, reportReasonText, type ReportTarget,
} from "./reports-api";

const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: () => t`Choose a reason.` }),
    details: z.string().max(REPORT_DETAILS_MAX, {
      error: () => {
        const max = formatNumber(REPORT_DETAILS_MAX);
        return t`Keep it under ${max} characters.`;
      },
    }),
  })
  .refine((v) => v.reason !== "Something else" || v.details.trim().length > 0, {
    error: () => t`Tell us what's wrong.`,
    path: ["details"],
  });

type ReportValues = z.input<typeof reportSchema>;

type ReportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: ReportTarget;
  reporterId: string;
  /** Where focus goes back to when the dialog closes (the button that opened it). */
  onClosed?: () => void;
};

/** "Report this event/comment" with a reason, for the site admins' queue. */
export function ReportDialog({ open, onOpenChange, target, reporterId, onClosed }: ReportDialogProps) {
  const { t } = useLingui();
  const id = useId();
  const form = useForm<ReportValues>({ resolver: zodResolver(reportSchema), defaultValues: { reason: undefined, details: "" } });
  const { errors } = form.formState;
  const send = useMutation({
    mutationFn: (values: ReportValues) =>
      fileReport(reporterId, target, reportReasonText(values.reason as (typeof REPORT_REASONS)[number], values.details)),
    onSuccess: () => {
      toast.success(t`Thanks — a moderator will review it.`);
      form.reset();
      onOpenChange(false);
    },
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            if (onClosed) {
              e.preventDefault();
              onClosed();
            }
          }}
          className="fixed start-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 rtl:translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-border bg-background p-5 shadow-lg"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">
              {target.type === "event" ? <Trans>Report this event</Trans> : <Trans>Report this comment</Trans>}
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" className="-me-2 -mt-2 size-9" aria-label={t`Close`}>
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-muted-foreground">
            {target.type === "event" ? (
              <Trans>Tell the site's moderators what's wrong. They'll review it; the hosts won't see who reported it.</Trans>
            ) : (
              <Trans>Tell the site's moderators what's wrong. They'll review it; the author won't see who reported it.</Trans>
            )}
          </Dialog.Description>
          <form onSubmit={form.handleSubmit((v) => send.mutate(v))} noValidate className="flex flex-col gap-4">
            {send.isError && <Alert tone="error">{errorMessage(send.error)}</Alert>}
            <fieldset
              className="flex flex-col gap-2"
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            >
              <legend className="mb-2 text-sm font-medium">
                <Trans>Reason</Trans>
              </legend>
              {REPORT_REASONS.map((reason) => (
                <label key={reason} className="flex min-h-9 items-center gap-3 text-sm">
                  <input type="radio" value={reason} className="size-4 accent-brand-700" {...form.register("reason")} />
                  {t(REPORT_REASON_LABELS[reason])}
                </label>
              ))}
              {errors.reason && (
                <p id={`${id}-reason-error`} className="text-sm font-medium text-red-700">
                  {errors.reason.message}
                </p>
              )}
            </fieldset>
            <FormField label={t`Details (optional)`} error={errors.details?.message}>
              <textarea
                rows={3}
                maxLength={REPORT_DETAILS_MAX}
                className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm aria-[invalid=true]:border-red-600 sm:text-sm"
                {...form.register("details")}
              />
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  <Trans>Cancel</Trans>
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={send.isPending}>
                {send.isPending && <Spinner className="text-current [&_svg]:size-4" label={t`Sending…`} />}
                <Trans>Send report</Trans>
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default ReportDialog;
