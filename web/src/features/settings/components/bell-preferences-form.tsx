import { Trans, useLingui } from "@lingui/react/macro";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { CONVERSATION_OPTIONS } from "@/components/preferences/conversation-options";
import { PreferencesChecklist } from "@/components/preferences/preferences-checklist";
import { getConversationChoices, saveConversationChoices, type ConversationChoices } from "@/lib/conversation-notifications";
import { errorMessage } from "@/lib/errors";
import { queryRoots } from "@/lib/query-keys";

const bellKey = (userId: string) => [...queryRoots.profile, "bell-preferences", userId] as const;

/**
 * What the bell shows of replies, mentions and private messages: the in-app channel of the same
 * per-kind choices email and push have (decision 0405).
 */
export function BellPreferencesForm({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const saved = useQuery(queryOptions({ queryKey: bellKey(userId), queryFn: () => getConversationChoices(userId, "in_app") }));
  const save = useMutation({
    mutationFn: (choices: ConversationChoices) => saveConversationChoices("in_app", choices),
    onSuccess: (choices) => {
      queryClient.setQueryData(bellKey(userId), choices);
      toast.success(t`Bell preferences saved`);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <PreferencesChecklist
      saved={saved}
      options={CONVERSATION_OPTIONS.map(({ key, label, hint }) => ({ key, label: t(label), hint: t(hint) }))}
      legend={<Trans>What the bell shows</Trans>}
      note={<Trans>News about your events and groups shows in the bell too.</Trans>}
      submitLabel={<Trans>Save bell preferences</Trans>}
      submitVariant="outline"
      saving={save.isPending}
      onSave={(choices) => save.mutate(choices)}
    />
  );
}
