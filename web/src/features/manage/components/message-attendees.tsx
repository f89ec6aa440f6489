import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { LoadError } from "@/components/page-states";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { formatEventStart, viewerTimeZone } from "@/lib/datetime";
import { errorMessage } from "@/lib/errors";
import { manageKeys } from "../api/manage-keys";
import {
  AUDIENCES, audienceLabel, messageAttendees, messageSchema, sentMessagesOptions, sentToast,
  type MessageInput, type MessageOutput,
} from "../api/messages";

const textareaClass =
  "min-h-32 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm placeholder:text-muted-foreground aria-[invalid=true]:border-red-600 sm:text-sm";

/** The host writes to everyone going and/or waiting; below, what was sent before. */
export function MessageAttendees({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const form = useForm<MessageInput, unknown, MessageOutput>({
    // Made each render, so the rules' messages follow the language on screen.
    resolver: zodResolver(messageSchema()),
    defaultValues: { audience: "going", subject: "", body: "" },
  });
  const { errors } = form.formState;
  const send = useMutation({
    mutationFn: (values: MessageOutput) => messageAttendees(eventId, values),
    onSuccess: (recipients) => {
      toast.success(sentToast(recipients));
      // Cleared only once sent: on failure everything typed stays.
      form.reset({ audience: form.getValues("audience"), subject: "", body: "" });
      void queryClient.invalidateQueries({ queryKey: manageKeys.messages(eventId) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        <Trans>Message attendees</Trans>
      </h2>
      <form onSubmit={form.handleSubmit((v) => send.mutate(v))} noValidate className="flex flex-col gap-4">
        <FormField label={t`Send to`} error={errors.audience?.message}>
          <Select {...form.register("audience")}>
            {AUDIENCES.map((a) => (
              <option key={a.value} value={a.value}>
                {t(a.label)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t`Subject`} error={errors.subject?.message}>
          <Input maxLength={120} {...form.register("subject")} />
        </FormField>
        <FormField label={t({ message: "Message", comment: "The body of a host's message to attendees" })} error={errors.body?.message} hint={t`Sent by email and shown in their notifications.`}>
          <textarea maxLength={5000} className={textareaClass} {...form.register("body")} />
        </FormField>
        <Button type="submit" disabled={send.isPending} className="self-start">
          <Send aria-hidden="true" />
          {send.isPending ? t`Sending…` : t`Send message`}
        </Button>
      </form>
      <SentMessages eventId={eventId} />
    </section>
  );
}

function SentMessages({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const query = useQuery(sentMessagesOptions(eventId));
  const zone = viewerTimeZone();
  const bySender = (name: string) => t({ message: `by ${name}`, comment: "Who sent a host's message" });
  return (
    <div className="flex flex-col gap-2 border-t border-border pt-4">
      <h3 className="font-semibold">
        <Trans>Sent messages</Trans>
      </h3>
      {query.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label={t`Loading sent messages`}>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : query.isError ? (
        <LoadError title={t`Couldn't load the sent messages.`} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>Nothing sent yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label={t`Sent messages`}>
          {query.data.map((m) => (
            <li key={m.id} className="py-2">
              <details>
                <summary className="cursor-pointer rounded-sm">
                  <span className="font-medium">{m.subject}</span>
                  <span className="block text-sm text-muted-foreground">
                    {audienceLabel(m.audience)} · {plural(m.recipient_count, { one: "# recipient", other: "# recipients" })} ·{" "}
                    {formatEventStart(m.created_at, zone)}
                    {m.sender ? ` · ${bySender(m.sender.display_name)}` : ""}
                  </span>
                </summary>
                <p className="mt-2 whitespace-pre-line break-words text-sm">{m.body}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
