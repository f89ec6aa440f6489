// One line per moderation_log entry: who did what to what, in plain words.

export type AuditEntry = {
  action: string;
  target_type: string;
  details: Record<string, unknown>;
};

const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const roleName = (v: unknown) => (v === "checker" ? "checker" : "co-host");
const thing = (type: string) => (type === "event" ? "an event" : type === "comment" ? "a comment" : `a ${type}`);

/** "hid a comment", "suspended @grace", … (the actor's name goes in front). */
export function auditText({ action, target_type, details }: AuditEntry): string {
  const user = str(details.username) ? `@${str(details.username)}` : "a member";
  const reportOn = thing(str(details.target_type) ?? "content");
  switch (action) {
    case "content_hidden":
      return `hid ${thing(target_type)}`;
    case "content_restored":
      return `restored ${thing(target_type)}`;
    case "report_resolved":
      return `resolved the reports on ${reportOn}`;
    case "report_dismissed":
      return `dismissed the reports on ${reportOn}`;
    case "user_suspended":
      return `suspended ${user}`;
    case "user_restored":
      return `lifted the suspension of ${user}`;
    case "host_added":
      return `added ${user} as ${roleName(details.role)}`;
    case "host_role_changed":
      return `made ${user} a ${roleName(details.role)}`;
    case "host_removed":
      return `removed ${user} from an event's team`;
    case "message_sent": {
      const n = typeof details.recipient_count === "number" ? details.recipient_count : 0;
      return `messaged ${n} ${n === 1 ? "attendee" : "attendees"}`;
    }
    default:
      return `${action.replace(/_/g, " ")} (${target_type})`;
  }
}

/** The extra line: a suspension's reason, a message's subject. */
export function auditDetail({ action, details }: AuditEntry): string | undefined {
  if (action === "user_suspended") return str(details.reason) ? `Reason: ${str(details.reason)}` : undefined;
  if (action === "message_sent") return str(details.subject) ? `“${str(details.subject)}”` : undefined;
  return undefined;
}
