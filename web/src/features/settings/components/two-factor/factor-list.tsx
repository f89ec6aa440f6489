import { Trans, useLingui } from "@lingui/react/macro";
import { KeyRound, MessageSquareText, Smartphone } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { SecondFactor } from "./factors-api";

/** What a factor is, in words: its kind and what tells it apart (a key's name, a number). */
export function useFactorDescription() {
  const { t } = useLingui();
  return (f: SecondFactor) => {
    const name = f.friendly_name ?? "";
    if (f.factor_type === "webauthn") return t`Security key "${name}"`;
    const number = f.phone ? `+${f.phone.replace(/^\+/, "")}` : name;
    if (f.factor_type === "phone") return t`Text message to ${number}`;
    return t`Authenticator app`;
  };
}

const ICONS = { totp: Smartphone, webauthn: KeyRound, phone: MessageSquareText } as const;

/** The account's verified factors, each with when it was added and a Remove button. */
export function FactorList({ factors, busy, onRemove }: { factors: SecondFactor[]; busy: boolean; onRemove: (f: SecondFactor) => void }) {
  const { t, i18n } = useLingui();
  const describe = useFactorDescription();
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium" }).format(new Date(iso));
  return (
    <ul className="flex w-full flex-col divide-y divide-border rounded-lg border border-border" aria-label={t`Your second factors`}>
      {factors.map((f) => {
        const Icon = ICONS[f.factor_type as keyof typeof ICONS] ?? KeyRound;
        const description = describe(f);
        const added = date(f.created_at);
        return (
          <li key={f.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="flex min-w-0 items-center gap-3">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              <div className="min-w-0">
                <p className="break-words font-medium">{description}</p>
                <p className="text-sm text-muted-foreground">
                  <Trans>Added {added}</Trans>
                </p>
              </div>
            </div>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => onRemove(f)} aria-label={t`Remove ${description}`}>
              <Trans>Remove</Trans>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
