import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { postAnnouncement } from "../api/manage-actions";
import { errorMessage } from "@/lib/errors";
import { useManageAction } from "../hooks/use-manage-action";

// post_group_announcement's limits (decision 0104), checked here with its words.
export const SUBJECT_MAX = 120;
export const BODY_MAX = 5000;

/** Write to every member, in the app and by email; the database rate-limits it as host messages. */
export function AnnouncementForm({ groupId, memberCount }: { groupId: string; memberCount: number }) {
  const { t } = useLingui();
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const [sent, setSent] = useState<number | null>(null);
  const send = useManageAction(
    () => postAnnouncement(groupId, subject, body),
    () => t`Announcement sent.`,
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      subject: subject.trim().length < 1 || subject.trim().length > SUBJECT_MAX ? t`The subject must be 1 to 120 characters long.` : undefined,
      body: body.trim().length < 1 || body.trim().length > BODY_MAX ? t`The message must be 1 to 5,000 characters long.` : undefined,
    };
    setErrors(next);
    setSent(null);
    if (next.subject || next.body) return;
    send.mutate(undefined, {
      onSuccess: (count) => {
        setSubject("");
        setBody("");
        setSent(Number(count));
      },
    });
  };
  const others = Math.max(memberCount - 1, 0);
  return (
    <form noValidate onSubmit={submit} aria-label={t`Send an announcement`} className="flex max-w-2xl flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {plural(others, {
          one: "Goes to the group's other member, in the app and by email (if they get messages from hosts). At most 3 an hour.",
          other: "Goes to the group's # other members, in the app and by email (if they get messages from hosts). At most 3 an hour.",
        })}
      </p>
      <FormField label={t`Subject`} error={errors.subject}>
        <Input value={subject} maxLength={SUBJECT_MAX + 20} onChange={(e) => setSubject(e.target.value)} />
      </FormField>
      <FormField label={t`Message`} error={errors.body} hint={t`Up to 5,000 characters.`}>
        <Textarea rows={6} value={body} maxLength={BODY_MAX + 100} onChange={(e) => setBody(e.target.value)} />
      </FormField>
      {/* The database's own reason, by its code: rate_limited, no_recipients, invalid_subject… */}
      {send.isError && <Alert tone="error">{errorMessage(send.error)}</Alert>}
      {sent !== null && (
        <Alert tone="success">{plural(sent, { one: "Sent to # member.", other: "Sent to # members." })}</Alert>
      )}
      <Button type="submit" className="self-start" disabled={send.isPending}>
        {send.isPending ? <Trans>Sending…</Trans> : <Trans>Send announcement</Trans>}
      </Button>
    </form>
  );
}
