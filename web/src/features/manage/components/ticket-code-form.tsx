import { Trans, useLingui } from "@lingui/react/macro";
import { KeyRound } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { parseTicketCode } from "@/lib/tickets/ticket-code";

type Props = { initialCode?: string; busy: boolean; onCode: (code: string) => void };

/** Typing or pasting a ticket's code, for when the camera can't be used. */
export function TicketCodeForm({ initialCode = "", busy, onCode }: Props) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = parseTicketCode(text);
    if (!code) {
      setError(t`That doesn't look like a ticket code. Copy it whole from the ticket, or scan its QR code.`);
      return;
    }
    setError(null);
    onCode(code);
    setText("");
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <Label htmlFor={`${id}-code`}>
        <Trans>Ticket code</Trans>
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <textarea
          id={`${id}-code`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={2}
          spellCheck={false}
          autoCapitalize="none"
          autoComplete="off"
          placeholder={t`Paste or type the code from the ticket`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-h-12 w-full flex-1 rounded-md border border-input bg-background px-3 py-2 font-mono text-base shadow-sm placeholder:font-sans placeholder:text-muted-foreground aria-[invalid=true]:border-red-600 sm:text-sm"
        />
        <Button type="submit" size="lg" disabled={busy || !text.trim()}>
          <KeyRound aria-hidden="true" />
          <Trans>Check in</Trans>
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
