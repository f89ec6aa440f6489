import { useLingui } from "@lingui/react/macro";
import { CheckboxField } from "@/components/ui/checkbox-field";
import type { MyMembership } from "../api/members-api";
import { useAlertsToggle } from "../hooks/use-alerts-toggle";

/** A member's choice of emails about the group's new events (decision 0103). */
export function AlertsToggle({ groupId, userId, membership }: { groupId: string; userId: string; membership: MyMembership }) {
  const { t } = useLingui();
  const toggle = useAlertsToggle(groupId, userId);
  return (
    <CheckboxField
      label={t`Tell me about new events`}
      hint={t`In the app and by email, once per event.`}
      checked={membership.alerts === "all"}
      disabled={toggle.isPending}
      onChange={(e) => toggle.mutate(e.target.checked ? "all" : "none")}
    />
  );
}
