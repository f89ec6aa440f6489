import { Trans, useLingui } from "@lingui/react/macro";
import type { PasskeyListItem } from "@supabase/supabase-js";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

type Props = {
  passkey: PasskeyListItem;
  busy: boolean;
  onRename: (passkey: PasskeyListItem, name: string) => Promise<boolean>;
  onRemove: (passkey: PasskeyListItem) => void;
};

/**
 * One passkey: its name (the server's `friendly_name`, "Passkey" until renamed), when it was
 * added and last used, Rename (in place, up to 120 characters as the server allows) and Remove.
 */
export function PasskeyRow({ passkey, busy, onRename, onRemove }: Props) {
  const { t, i18n } = useLingui();
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(passkey.friendly_name ?? "");
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium" }).format(new Date(iso));
  const name = passkey.friendly_name || t`Passkey`;
  const added = date(passkey.created_at);
  const used = passkey.last_used_at ? date(passkey.last_used_at) : null;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = draft.trim();
    setNameError(trimmed ? undefined : t`Give the passkey a name, like "Work laptop".`);
    if (trimmed && (await onRename(passkey, trimmed))) setRenaming(false);
  };

  if (renaming) {
    return (
      <li className="p-3">
        <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-3">
          <FormField label={t`Name of the passkey added ${added}`} error={nameError}>
            <Input value={draft} maxLength={120} autoFocus onChange={(e) => setDraft(e.target.value)} />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={busy}>
              <Trans>Save name</Trans>
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setRenaming(false)}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="min-w-0">
        <p className="break-words font-medium">{name}</p>
        <p className="text-sm text-muted-foreground">
          {used ? <Trans>Added {added} · last used {used}</Trans> : <Trans>Added {added} · not used yet</Trans>}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => setRenaming(true)} aria-label={t`Rename passkey ${name} added ${added}`}>
          <Trans>Rename</Trans>
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => onRemove(passkey)} aria-label={t`Remove passkey ${name} added ${added}`}>
          <Trans>Remove</Trans>
        </Button>
      </div>
    </li>
  );
}
