import { plural, t } from "@lingui/core/macro";

// One line per moderation_log entry: who did what to what, in plain words and the admin's
// language. The actor's name is part of the sentence, since word order differs by language.

export type AuditEntry = {
  action: string;
  target_type: string;
  details: Record<string, unknown>;
};

const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v.trim() : undefined);

function thing(type: string | undefined): string {
  if (type === "event") return t`an event`;
  if (type === "comment") return t`a comment`;
  if (type === "group") return t`a group`;
  return t`some content`;
}

/** "Ada hid a comment", "Ada suspended @grace", … */
export function auditText({ action, target_type, details }: AuditEntry, actor: string): string {
  const user = str(details.username) ? `@${str(details.username)}` : t`a member`;
  const target = thing(target_type);
  const reported = thing(str(details.target_type));
  const checker = details.role === "checker";
  const n = typeof details.recipient_count === "number" ? details.recipient_count : 0;
  switch (action) {
    case "content_hidden":
      return t`${actor} hid ${target}`;
    case "content_restored":
      return t`${actor} restored ${target}`;
    case "report_resolved":
      return t`${actor} resolved the reports on ${reported}`;
    case "report_dismissed":
      return t`${actor} dismissed the reports on ${reported}`;
    case "user_suspended":
      return t`${actor} suspended ${user}`;
    case "user_restored":
      return t`${actor} lifted the suspension of ${user}`;
    case "host_added":
      return checker ? t`${actor} added ${user} as checker` : t`${actor} added ${user} as co-host`;
    case "host_role_changed":
      return checker ? t`${actor} made ${user} a checker` : t`${actor} made ${user} a co-host`;
    case "host_removed":
      return t`${actor} removed ${user} from an event's team`;
    case "message_sent":
      return plural(n, { one: `${actor} messaged # attendee`, other: `${actor} messaged # attendees` });
    case "announcement_sent":
      return plural(n, { one: `${actor} sent a group announcement to # member`, other: `${actor} sent a group announcement to # members` });
    case "group_member_removed":
      return t`${actor} removed ${user} from a group`;
    case "group_member_banned":
      return t`${actor} banned ${user} from a group`;
    case "group_member_unbanned":
      return t`${actor} lifted the ban of ${user} from a group`;
    case "group_role_changed":
      return t`${actor} changed the group role of ${user}`;
    case "group_deleted":
      return t`${actor} deleted a group`;
    default: {
      const what = action.replace(/_/g, " ");
      return t`${actor}: ${what} (${target_type})`;
    }
  }
}

/** The extra line: a suspension's or ban's reason, a message's subject. */
export function auditDetail({ action, details }: AuditEntry): string | undefined {
  const reason = str(details.reason);
  const subject = str(details.subject);
  if (action === "user_suspended" || action === "group_member_banned") return reason ? t`Reason: ${reason}` : undefined;
  if (action === "message_sent" || action === "announcement_sent") return subject ? `“${subject}”` : undefined;
  return undefined;
}
