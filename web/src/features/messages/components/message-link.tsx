import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { supabase } from "@/lib/supabase";
import type { MessageButtonProps } from "../message-button";

export default function MessageLink({ userId, personId }: MessageButtonProps) {
  const allowed = useQuery({
    queryKey: ["messages", userId, "can", personId],
    queryFn: async () => {
      const { data, error } = await supabase.rpc("can_message", { recipient_id: personId });
      if (error) throw error;
      return Boolean(data);
    },
  });
  if (!allowed.data) return null;
  return (
    <Button asChild variant="outline" className="self-start sm:self-center">
      <Link to={`/messages?to=${personId}`}>
        <Mail aria-hidden="true" className="size-4" />
        <Trans>Message</Trans>
      </Link>
    </Button>
  );
}
