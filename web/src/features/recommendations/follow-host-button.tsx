import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Plus } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { interestErrorMessage } from "./interest-errors";
import { follow, followsOptions, recommendationKeys, unfollow } from "./api/recommendations";
import type { FollowHostProps } from "./follow-host";

/** Follow or unfollow a host from their profile; their events then count in "For you". */
export default function FollowHostButton({ userId, hostId, name }: FollowHostProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const follows = useQuery(followsOptions(userId));
  const following = follows.data?.some((f) => f.kind === "host" && f.value === hostId) ?? false;
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? follow({ kind: "host", value: hostId }) : unfollow({ kind: "host", value: hostId })),
    onSuccess: (_, on) => toast.success(on ? t`You follow ${name}. Their events will show up in For you.` : t`You no longer follow ${name}.`),
    onError: (error) => toast.error(t`Couldn't save what you follow.`, { description: interestErrorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recommendationKeys.all(userId) }),
  });
  return (
    <Button
      variant={following ? "default" : "outline"}
      className="self-start sm:self-center"
      aria-pressed={following}
      disabled={follows.isPending || change.isPending}
      onClick={() => change.mutate(!following)}
    >
      {following ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
      <Trans>Follow host</Trans>
    </Button>
  );
}
