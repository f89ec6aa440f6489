import { supabase } from "@/lib/supabase";

// Invitations to private events and groups (decision 0305): what an invitation shows and how
// one answers it, and the hosts' side (invite by email, links, who was invited).

export type InvitationTarget = "event" | "group";

/** What public.invitation_details(token) answers (visitors too). */
export type InvitationDetails = {
  kind: "email" | "link";
  email: string | null;
  invited_by: { display_name: string; username: string } | null;
  event: {
    id: string; slug: string; title: string; status: string; starts_at: string; ends_at: string; timezone: string;
    venue_name: string | null; address: string | null; is_online: boolean; host_name: string | null; group_name: string | null;
  } | null;
  group: { id: string; slug: string; name: string; city: string | null; member_count: number | null } | null;
  me: { may_answer: boolean; response: string | null; rsvp_status: string | null; member_status: string | null } | null;
};

/** What public.accept_invitation answers. */
export type InvitationAnswer = {
  target: InvitationTarget;
  slug: string;
  response: string | null;
  rsvp?: { status?: string } | null;
  rsvp_error?: { code: string; message: string } | null;
  member_status?: string | null;
};

export type Answer = "going" | "join" | "decline";

export async function getInvitation(token: string): Promise<InvitationDetails> {
  const { data, error } = await supabase.rpc("invitation_details", { token });
  if (error) throw error;
  return data as unknown as InvitationDetails;
}

export async function answerInvitation(token: string, answer: Answer): Promise<InvitationAnswer> {
  const { data, error } = await supabase.rpc("accept_invitation", { token, answer });
  if (error) throw error;
  return data as unknown as InvitationAnswer;
}

/** The event or group a host invites to, by its slug (RLS: the hosts see their private ones). */
export type InviteTarget = { type: InvitationTarget; id: string; slug: string; name: string };

export async function getInviteTarget(type: InvitationTarget, slug: string): Promise<InviteTarget | null> {
  if (type === "event") {
    const { data, error } = await supabase.from("events").select("id, slug, title").eq("slug", slug).maybeSingle();
    if (error) throw error;
    return data && { type, id: data.id, slug: data.slug, name: data.title };
  }
  const { data, error } = await supabase.from("groups").select("id, slug, name").eq("slug", slug).maybeSingle();
  if (error) throw error;
  return data && { type, id: data.id, slug: data.slug, name: data.name };
}

export type InviteResult = { invited: string[]; already_invited: string[]; invalid: string[] };

export async function inviteByEmail(target: InviteTarget, emails: string, locale: string): Promise<InviteResult> {
  const { data, error } =
    target.type === "event"
      ? await supabase.rpc("invite_to_event", { event_id: target.id, emails, locale })
      : await supabase.rpc("invite_to_group", { group_id: target.id, emails, locale });
  if (error) throw error;
  return data as unknown as InviteResult;
}

export type InviteLink = {
  id: string; token: string; expires_at: string | null; max_uses: number | null; use_count: number; revoked_at: string | null; created_at: string;
};

export async function listLinks(target: InviteTarget): Promise<InviteLink[]> {
  const { data, error } = await supabase
    .from("invite_links")
    .select("id, token, expires_at, max_uses, use_count, revoked_at, created_at")
    .eq(target.type === "event" ? "event_id" : "group_id", target.id)
    .order("created_at", { ascending: false });
  if (error) throw error;
  return data;
}

export async function createLink(target: InviteTarget, expiresAt: string | null, maxUses: number | null): Promise<void> {
  const { error } = await supabase.rpc("create_invite_link", {
    ...(target.type === "event" ? { event_id: target.id } : { group_id: target.id }),
    ...(expiresAt ? { expires_at: expiresAt } : {}),
    ...(maxUses ? { max_uses: maxUses } : {}),
  });
  if (error) throw error;
}

export async function revokeLink(linkId: string): Promise<void> {
  const { error } = await supabase.rpc("revoke_invite_link", { link_id: linkId });
  if (error) throw error;
}

export type InvitationRow = {
  id: string; via: string; email: string | null; opened_at: string | null; response: string | null; created_at: string;
  invitee: { display_name: string } | null;
};

/** Who was invited, oldest last: the hosts see who opened and who answered. */
export async function listInvitations(target: InviteTarget): Promise<InvitationRow[]> {
  const { data, error } = await supabase
    .from("invitations")
    .select("id, via, email, opened_at, response, created_at, invitee:profiles!invitations_user_id_fkey(display_name)")
    .eq(target.type === "event" ? "event_id" : "group_id", target.id)
    .order("created_at", { ascending: false })
    .limit(500);
  if (error) throw error;
  return data as unknown as InvitationRow[];
}

/** A link's address, as the host shares it. */
export function linkUrl(token: string, origin = window.location.origin): string {
  return `${origin}/invitations/${encodeURIComponent(token)}`;
}
