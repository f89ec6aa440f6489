import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { LoadError, PageState, SectionsSkeleton } from "@/components/page-states";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { usePageTitle } from "@/lib/use-page-title";

/** A hiding as its team reads it (RLS: the admins and the item's own team only), with its appeal. */
async function getHiding(id: string) {
  const { data, error } = await supabase
    .from("hidden_items")
    .select("id, target_type, target_name, target_slug, reason, hidden_at, restored_at, appeals(status, message, response)")
    .eq("id", id)
    .maybeSingle();
  if (error) throw error;
  return data;
}

/**
 * /notices/:id — where a moderation notice leads the team of a hidden event or group (decision
 * 0310): why it was hidden, and one appeal to the moderators, then their answer.
 */
export function HiddenItemPage() {
  const { t } = useLingui();
  usePageTitle(t`Moderation notice`);
  const id = useParams().id ?? "";
  const queryClient = useQueryClient();
  const hiding = useQuery({ queryKey: ["hidden-item", id], queryFn: () => getHiding(id) });
  const [message, setMessage] = useState("");
  const appeal = useMutation({
    mutationFn: async () => {
      const { error } = await supabase.rpc("appeal_hidden_item", { hidden_item_id: id, message });
      if (error) throw error;
    },
    onSuccess: () => {
      toast.success(t`Appeal sent to the moderators.`);
      void queryClient.invalidateQueries({ queryKey: ["hidden-item", id] });
    },
  });

  if (hiding.isPending) return <SectionsSkeleton label={t`Loading…`} sections={1} />;
  if (hiding.isError) return <LoadError title={t`Couldn't load this notice.`} error={hiding.error} onRetry={() => void hiding.refetch()} />;
  if (!hiding.data) return <PageState title={t`Notice not found`} message={t`It does not exist or is not yours to read.`} />;

  const h = hiding.data;
  const name = h.target_name;
  const reason = h.reason;
  const a = h.appeals;
  const href = h.target_slug ? (h.target_type === "event" ? `/events/${h.target_slug}` : `/g/${h.target_slug}`) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    appeal.mutate();
  };
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5 py-8">
      <ShieldAlert aria-hidden="true" className="size-10 text-brand-700" />
      <h1 className="text-3xl font-bold tracking-tight break-words">
        {h.restored_at ? <Trans>{name} is visible again</Trans> : <Trans>The moderators hid {name}</Trans>}
      </h1>
      {!h.restored_at && (
        <p className="text-muted-foreground">
          <Trans>Only its team and the moderators can see it now; it is listed nowhere.</Trans>
        </p>
      )}
      <div className="flex flex-col gap-1">
        <h2 className="font-semibold"><Trans>Why</Trans></h2>
        <p className="whitespace-pre-wrap">{reason ?? t`They gave no reason.`}</p>
      </div>
      {a ? (
        <div className="flex flex-col gap-2">
          <h2 className="font-semibold"><Trans>Your appeal</Trans></h2>
          <p className="whitespace-pre-wrap text-muted-foreground">{a.message}</p>
          {a.status === "pending" && <Alert tone="info"><Trans>The moderators have not answered yet.</Trans></Alert>}
          {a.status === "accepted" && <Alert tone="success"><Trans>Accepted: it is visible again.</Trans></Alert>}
          {a.status === "rejected" && (
            <Alert tone="error">
              <Trans>Rejected: it stays hidden.</Trans> {a.response}
            </Alert>
          )}
        </div>
      ) : (
        !h.restored_at && (
          <form onSubmit={submit} className="flex flex-col gap-3">
            <FormField label={t`Appeal`} hint={t`You can appeal once. Say why it should come back (at most 2,000 characters).`}>
              <Textarea value={message} onChange={(e) => setMessage(e.target.value)} maxLength={2000} rows={5} required />
            </FormField>
            {appeal.isError && <Alert tone="error">{errorMessage(appeal.error)}</Alert>}
            <div>
              <Button type="submit" disabled={appeal.isPending || message.trim() === ""}>
                <Trans>Send appeal</Trans>
              </Button>
            </div>
          </form>
        )
      )}
      {href && (
        <div>
          <Button asChild variant="outline">
            <Link to={href}>{h.target_type === "event" ? <Trans>Open the event</Trans> : <Trans>Open the group</Trans>}</Link>
          </Button>
        </div>
      )}
    </div>
  );
}
