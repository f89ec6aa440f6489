import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorCode, errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { SubmitButton } from "../submit-button";

/**
 * A phone factor: "Text me a code" asks the server to text one (a challenge; nothing is sent
 * before the member asks, so reloading the page sends nothing), then the code raises the session.
 */
export function PhoneCodeForm({ factorId, ending }: { factorId: string; ending: string }) {
  const { t } = useLingui();
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const text = async () => {
    setBusy(true);
    setFailure(null);
    const { data, error } = await supabase.auth.mfa.challenge({ factorId, channel: "sms" });
    setBusy(false);
    if (error) setFailure(errorMessage(error));
    else setChallengeId(data.id);
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    const digits = code.replace(/\s+/g, "");
    if (!challengeId) return;
    if (!/^\d{4,10}$/.test(digits)) return setFailure(t`Enter the code from the text message.`);
    setBusy(true);
    setFailure(null);
    const { error } = await supabase.auth.mfa.verify({ factorId, challengeId, code: digits });
    setBusy(false);
    if (!error) return;
    setFailure(errorCode(error) === "mfa_verification_failed" ? t`That code is wrong or has expired. Ask for a new one.` : errorMessage(error));
  };

  if (!challengeId) {
    return (
      <div className="flex flex-col gap-3">
        {failure && <p role="alert" className="text-sm font-medium text-red-700">{failure}</p>}
        <Button onClick={() => void text()} disabled={busy}>
          <Trans>Text a code to the number ending in {ending}</Trans>
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void verify(e)} noValidate className="flex flex-col gap-4">
      <p role="status" className="text-sm">
        <Trans>We texted a code to the number ending in {ending}.</Trans>
      </p>
      <FormField label={t`Code from the text message`} error={failure ?? undefined}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={11} value={code} onChange={(e) => setCode(e.target.value)} />
      </FormField>
      <SubmitButton busy={busy}>
        <Trans>Verify</Trans>
      </SubmitButton>
      <Button type="button" variant="link" className="self-start px-0" disabled={busy} onClick={() => void text()}>
        <Trans>Send a new code</Trans>
      </Button>
    </form>
  );
}
