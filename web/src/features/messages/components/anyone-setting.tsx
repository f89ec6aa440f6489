import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { supabase } from "@/lib/supabase";
import { messageError } from "../message-errors";

/** "Accept messages from anyone": otherwise only members who share a group or an event may write first. */
export function AnyoneSetting({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const key = ["messages", userId, "from-anyone"];
  const setting = useQuery({
    queryKey: key,
    queryFn: async () => {
      const { data, error } = await supabase.from("profile_private").select("messages_from_anyone").eq("id", userId).maybeSingle();
      if (error) throw error;
      return data?.messages_from_anyone ?? false;
    },
  });
  const save = useMutation({
    mutationFn: async (on: boolean) => {
      const { error } = await supabase.from("profile_private").update({ messages_from_anyone: on }).eq("id", userId);
      if (error) throw error;
      return on;
    },
    onSuccess: (on) => {
      queryClient.setQueryData(key, on);
      toast.success(on ? t`Anyone signed in can now message you.` : t`Only members who share a group or an event with you can message you first.`);
    },
    onError: (error) => toast.error(messageError(error)),
  });
  return (
    <CheckboxField
      label={t`Accept messages from anyone`}
      hint={t`Otherwise only members who share a group or an event with you can write to you first.`}
      checked={setting.data ?? false}
      disabled={setting.isPending || save.isPending}
      onChange={(e) => save.mutate(e.target.checked)}
    />
  );
}
