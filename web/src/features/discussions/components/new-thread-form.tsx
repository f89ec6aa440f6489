import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { discussionKeys, startThread } from "../api/discussions-api";
import { discussionError } from "../discussion-errors";

/** Starts a thread: a title and a Markdown body (@username mentions notify that member). */
export function NewThreadForm({ groupId, onDone }: { groupId: string; onDone: (threadId: string | null) => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const create = useMutation({
    mutationFn: () => startThread(groupId, title, body),
    onSuccess: (row) => {
      toast.success(t`Discussion started.`);
      void queryClient.invalidateQueries({ queryKey: discussionKeys.all(groupId) });
      onDone(row?.id ?? null);
    },
    onError: (error) => toast.error(discussionError(error)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (title.trim() && body.trim()) create.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor="thread-title">
          <Trans>Title</Trans>
        </Label>
        <Input id="thread-title" required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="thread-body">
          <Trans>Message</Trans>
        </Label>
        <Textarea id="thread-body" required maxLength={20000} rows={4} value={body} onChange={(e) => setBody(e.target.value)} aria-describedby="thread-body-hint" />
        <p id="thread-body-hint" className="text-sm text-muted-foreground">
          <Trans>Markdown works. Write @username to let a member know.</Trans>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending || !title.trim() || !body.trim()}>
          {create.isPending ? <Trans>Posting…</Trans> : <Trans>Post</Trans>}
        </Button>
        <Button type="button" variant="outline" onClick={() => onDone(null)}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
