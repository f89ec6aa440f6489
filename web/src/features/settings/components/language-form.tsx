import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { errorMessage } from "@/lib/errors";
import { activeLocale, isLocale, LOCALE_NAMES, LOCALES, switchLocale, type Locale } from "@/lib/i18n";
import { saveMyLocale, type MyProfile } from "@/lib/profile/my-profile";
import { queryRoots } from "@/lib/query-keys";

/** profiles.locale: the app switches to it, and Gather's and Auth's emails are written in it. */
export function LanguageForm({ profile }: { profile: MyProfile }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const id = useId();
  const saved = isLocale(profile.locale) ? profile.locale : null;
  const shown = activeLocale();
  const [choice, setChoice] = useState<Locale>(saved ?? (isLocale(shown) ? shown : "en"));
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await saveMyLocale(profile.id, choice);
      await switchLocale(choice);
      await queryClient.invalidateQueries({ queryKey: queryRoots.profile });
      toast.success(t`Language saved`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          <Trans>Language</Trans>
        </label>
        <Select id={id} value={choice} onChange={(e) => setChoice(e.target.value as Locale)} className="max-w-xs">
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </Select>
        {!saved && (
          <p className="text-sm text-muted-foreground">
            <Trans>Not chosen yet: the app follows your browser, and emails are in English.</Trans>
          </p>
        )}
      </div>
      <div>
        <Button type="submit" disabled={busy || choice === saved}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Save language</Trans>}
        </Button>
      </div>
    </form>
  );
}
