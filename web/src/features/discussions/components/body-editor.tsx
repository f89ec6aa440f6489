import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/** Edits a post's Markdown in place. */
export function BodyEditor({ id, initial, busy, onSave, onCancel }: { id: string; initial: string; busy: boolean; onSave: (body: string) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const [body, setBody] = useState(initial);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (body.trim()) onSave(body);
      }}
    >
      <Label htmlFor={`edit-${id}`} className="sr-only">
        {t`Edit your message`}
      </Label>
      <Textarea id={`edit-${id}`} rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy || !body.trim()}>
          <Trans>Save</Trans>
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
