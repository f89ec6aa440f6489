import { Trans } from "@lingui/react/macro";
import { Badge } from "@/components/ui/badge";

/**
 * The one "Draft" marker, wherever a draft shows to its team (event page, series dates, lists):
 * a draft is seen by its team only and takes no RSVPs until it is published (decision 0304).
 */
export function DraftBadge({ size = "sm" }: { size?: "sm" | "md" }) {
  return (
    <Badge tone="warning" size={size} className="border border-amber-300">
      <Trans comment="An event's status">Draft</Trans>
    </Badge>
  );
}
