import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { LoadError } from "@/components/page-states";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { errorMessage } from "@/lib/errors";
import { createLink, linkUrl, listLinks, revokeLink, type InviteLink, type InviteTarget } from "../api/invitations-api";

const DAY = 86_400_000;

/** Whether a link still lets new people in. */
export function linkState(l: InviteLink, now = Date.now()): "active" | "revoked" | "expired" | "used_up" {
  if (l.revoked_at) return "revoked";
  if (l.expires_at && new Date(l.expires_at).getTime() <= now) return "expired";
  if (l.max_uses !== null && l.use_count >= l.max_uses) return "used_up";
  return "active";
}

/** Shareable links: expiring, limited to a number of people, and turned off at will. */
export function InviteLinks({ target }: { target: InviteTarget }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const key = ["invite-links", target.id];
  const links = useQuery({ queryKey: key, queryFn: () => listLinks(target) });
  const [days, setDays] = useState("7");
  const [maxUses, setMaxUses] = useState("");
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: () => createLink(target, days === "" ? null : new Date(Date.now() + Number(days) * DAY).toISOString(), maxUses ? Number(maxUses) : null),
    onSuccess: () => {
      toast.success(t`Invitation link created.`);
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: revokeLink,
    onSuccess: () => {
      toast.success(t`Link turned off.`);
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(linkUrl(token));
      toast.success(t`Link copied.`);
    } catch {
      toast.error(t`Couldn't copy: select the link and copy it.`);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const stateLabel = { active: t`Active`, revoked: t`Turned off`, expired: t`Expired`, used_up: t`Used up` } as const;

  return (
    <section aria-labelledby="invite-links" className="flex flex-col gap-3">
      <h2 id="invite-links" className="text-xl font-semibold">
        <Trans>Invitation links</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>Anyone with a link can open the invitation and answer it, while the link is active.</Trans>
      </p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <FormField label={t`Expires`}>
          <Select value={days} onChange={(e) => setDays(e.target.value)}>
            <option value="1">{t`In 1 day`}</option>
            <option value="7">{t`In 7 days`}</option>
            <option value="30">{t`In 30 days`}</option>
            <option value="">{t`Never`}</option>
          </Select>
        </FormField>
        <FormField label={t`Use limit (optional)`}>
          <Input type="number" inputMode="numeric" min={1} max={10000} value={maxUses} onChange={(e) => setMaxUses(e.target.value)} className="w-32" />
        </FormField>
        <Button type="submit" disabled={create.isPending}>
          <Trans>Create link</Trans>
        </Button>
      </form>
      {create.isError && <Alert tone="error">{errorMessage(create.error)}</Alert>}
      {links.isError && <LoadError title={t`Couldn't load the links.`} error={links.error} onRetry={() => void links.refetch()} />}
      {links.data?.length === 0 && <p className="text-sm text-muted-foreground"><Trans>No links yet.</Trans></p>}
      {links.data && links.data.length > 0 && (
        <ul className="flex flex-col divide-y rounded-md border">
          {links.data.map((l) => {
            const state = linkState(l);
            const uses = l.use_count;
            const limit = l.max_uses;
            const expiry = l.expires_at && date(l.expires_at);
            return (
              <li key={l.id} className="flex flex-col gap-2 p-3">
                <code className="break-all text-sm">{linkUrl(l.token)}</code>
                <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <Badge tone={state === "active" ? "success" : "neutral"}>{stateLabel[state]}</Badge>
                  <span>{limit === null ? <Trans>Used {uses} times</Trans> : <Trans>Used {uses} of {limit} times</Trans>}</span>
                  {expiry && <span><Trans>Expires {expiry}</Trans></span>}
                </div>
                {state === "active" && (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => void copy(l.token)}><Trans>Copy link</Trans></Button>
                    <Button size="sm" variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate(l.id)}><Trans>Turn off</Trans></Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
