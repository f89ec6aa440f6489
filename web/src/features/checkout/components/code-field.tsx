import { Trans, useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

type Props = {
  label: string;
  /** What "Apply" does; its error, if any, shows under the field. */
  onApply: (code: string) => Promise<void>;
  /** The code in use, with a way to remove it. */
  applied: { code: string; text: string } | null;
  onRemove: () => void;
  disabled?: boolean;
};

/** A code to type and apply (a promo code, an access code), or the one applied. */
export function CodeField({ label, onApply, applied, onRemove, disabled }: Props) {
  const { t } = useLingui();
  const id = useId();
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (applied) {
    const shown = applied.code;
    return (
      <div className="flex items-center justify-between gap-2 rounded-md bg-secondary px-3 py-2 text-sm text-secondary-foreground" role="status">
        <span>
          <span className="font-mono font-semibold">{applied.code}</span> · {applied.text}
        </span>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove} disabled={disabled} aria-label={t`Remove the code ${shown}`}>
          <X aria-hidden="true" />
        </Button>
      </div>
    );
  }
  const apply = async () => {
    if (!code.trim()) return;
    setBusy(true);
    setProblem(null);
    try {
      await onApply(code.trim());
      setCode("");
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void apply();
            }
          }}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          disabled={disabled || busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        <Button type="button" variant="outline" onClick={() => void apply()} disabled={disabled || busy || !code.trim()}>
          <Trans>Apply</Trans>
        </Button>
      </div>
      {problem && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
