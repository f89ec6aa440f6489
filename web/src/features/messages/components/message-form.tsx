import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/** The box at the bottom of a conversation: Enter sends, Shift+Enter breaks the line. */
export function MessageForm({ busy, onSend }: { busy: boolean; onSend: (body: string) => Promise<unknown> }) {
  const { t } = useLingui();
  const [body, setBody] = useState("");
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!body.trim() || busy) return;
    void onSend(body).then(() => setBody(""), () => undefined);
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="flex flex-1 flex-col gap-1">
        <Label htmlFor="message-body" className="sr-only">
          {t`Write a message`}
        </Label>
        <Textarea
          id="message-body"
          rows={2}
          maxLength={4000}
          placeholder={t`Write a message`}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
        />
      </div>
      <Button type="submit" disabled={busy || !body.trim()}>
        <Trans>Send</Trans>
      </Button>
    </form>
  );
}
