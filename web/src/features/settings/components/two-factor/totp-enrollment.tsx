import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorCode, errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { removeUnfinished } from "./factors-api";

type Pending = { id: string; qr: string; secret: string };

/** Starts a TOTP factor; earlier unfinished set-ups are removed first (they count towards the limit). */
async function startEnrollment(): Promise<Pending> {
  await removeUnfinished("totp");
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: "totp" });
  if (error) throw error;
  return { id: data.id, qr: data.totp.qr_code, secret: data.totp.secret };
}

/**
 * Scan the QR code (the server draws it, decision 0141) or type the key, then confirm with a
 * code: the factor is verified and this session becomes aal2.
 */
export function TotpEnrollment({ onDone }: { onDone: (enabled: boolean) => Promise<void> }) {
  const { t } = useLingui();
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startEnrollment().then(setPending, (e: unknown) => setFailure(errorMessage(e)));
  }, []);

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    const digits = code.replace(/\s+/g, "");
    if (!pending) return;
    if (!/^\d{6}$/.test(digits)) {
      setCodeError(t`Enter the 6-digit code from your authenticator app.`);
      return;
    }
    setBusy(true);
    setCodeError(null);
    const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: pending.id, code: digits });
    setBusy(false);
    if (!error) await onDone(true);
    else setCodeError(errorCode(error) === "mfa_verification_failed" ? t`That code is wrong or has expired. Try the newest one.` : errorMessage(error));
  };

  const cancel = async () => {
    if (pending) await supabase.auth.mfa.unenroll({ factorId: pending.id });
    await onDone(false);
  };

  if (failure) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">{failure}</Alert>
        <Button variant="outline" onClick={() => void onDone(false)}>
          <Trans>Back</Trans>
        </Button>
      </div>
    );
  }
  if (!pending) return <p className="text-sm text-muted-foreground"><Trans>Preparing…</Trans></p>;
  return (
    <form onSubmit={(e) => void confirm(e)} noValidate className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-3 ps-5 text-sm">
        <li>
          <Trans>Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy…).</Trans>
          <img src={pending.qr} alt={t`QR code to add Gather to your authenticator app`} className="mt-2 size-44 rounded-md border border-border bg-white p-2" />
          <p className="mt-2">
            <Trans>Or type this key:</Trans> <code className="break-all rounded bg-muted px-1 font-mono" data-testid="totp-secret">{pending.secret}</code>
          </p>
        </li>
        <li>
          <Trans>Enter the 6-digit code the app shows.</Trans>
        </li>
      </ol>
      <FormField label={t`Code from your authenticator app`} error={codeError ?? undefined}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          <Trans>Turn on</Trans>
        </Button>
        <Button type="button" variant="outline" onClick={() => void cancel()}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
