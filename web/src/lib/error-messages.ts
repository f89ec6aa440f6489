import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import { i18n } from "@lingui/core";

// What the database's and Auth's error codes say, in the member's language (decision 0203). Its
// own chunk: no first paint needs it, and errors.ts falls back to the server's English until it
// has loaded (it loads right after the shell's catalogue).

type Translate = MessageDescriptor | ((message: string) => string | undefined);

/** `format(...)` messages: the values come back out of the English text. */
function parsed(re: RegExp, render: (...groups: string[]) => string): Translate {
  return (message) => {
    const m = re.exec(message);
    return m ? render(...m.slice(1)) : undefined;
  };
}

// Paid tickets (decision 0280): the codes a free event's screens can meet (an RSVP on a page
// opened before the event started selling tickets; deleting an event that sold some). The others
// are translated by the paid-ticket screens themselves (lib/payments/payment-errors.ts), so this
// chunk, which every page loads, does not carry them.
const PAID_TICKETS: Record<string, Translate> = {
  event_has_orders: msg`Tickets were sold for this event: cancel it instead.`,
  tickets_required: msg`This event sells tickets: choose yours on the event page.`,
};

// Invitations (decision 0305) and moderation notices' appeals (decision 0310).
const INVITATIONS: Record<string, Translate> = {
  invalid_answer: msg`Answer going or decline for an event, join or decline for a group.`,
  invalid_emails: parsed(/^Not an email address: (.*)\.$/s, (addresses) => t`Not an email address: ${addresses}.`),
  invalid_expiry: msg`An invitation link must expire in the future, within a year.`,
  invalid_max_uses: msg`A use limit must be empty or between 1 and 10,000.`,
  invitation_invalid: msg`This invitation is not valid.`,
  invitation_other_account: msg`This invitation was sent to another email address. Sign in with that address to answer it.`,
  invitations_members_only: msg`This event is for the group's members: invite people to the group instead.`,
  invite_link_expired: msg`This invitation link has expired.`,
  invite_link_invalid: msg`This invitation link is not valid.`,
  invite_link_not_found: msg`This invitation link does not exist.`,
  invite_link_revoked: msg`The host turned this invitation link off.`,
  invite_link_used_up: msg`This invitation link has been used as many times as the host allowed.`,
  no_emails: msg`Enter at least one email address.`,
  too_many_emails: msg`Paste at most 100 email addresses at a time.`,
  too_many_invitations: msg`An event or group can have at most 2,000 invitations.`,
  too_many_links: msg`An event or group can have at most 20 invitation links in use. Turn one off first.`,
  // Appeals against a hiding.
  already_appealed: msg`You already appealed. A hiding can be appealed once.`,
  appeal_decided: msg`This appeal was already answered.`,
  appeal_not_found: msg`This appeal does not exist.`,
  invalid_response: msg`Keep the answer under 1,000 characters.`,
  not_hidden: msg`It is visible again: there is nothing to appeal.`,
};

const DATABASE: Record<string, Translate> = {
  // Registration questions (decision 0130): the database names the question in its message.
  answer_invalid: (message) => {
    const [, label = "", max = ""] = /"(.*)"(?:.*?(\d+) characters)?/s.exec(message) ?? [];
    if (message.startsWith("Choose from")) return t`Choose from the options offered for "${label}".`;
    if (message.startsWith("Enter a number")) return t`Enter a number for "${label}".`;
    if (message.startsWith("Enter a phone")) return t`Enter a phone number for "${label}", with 6 to 15 digits.`;
    if (message.includes("can be at most")) return t`The answer to "${label}" can be at most ${max} characters long.`;
    if (message.startsWith("The answer to")) return t`The answer to "${label}" is not valid.`;
    return undefined;
  },
  answer_required: parsed(/^Answer "(.*)"\.$/s, (label) => t`Answer "${label}".`),
  answers_closed: msg`Answers can no longer be changed: the event has started.`,
  already_checked_in: parsed(/^Already checked in at (\d\d:\d\d)(?: \((.+)\))?\.$/, (time, zone) =>
    zone ? t`Already checked in at ${time} (${zone}).` : t`Already checked in at ${time}.`,
  ),
  already_host: parsed(/^(.+) is already (the host|a co-host|a checker) of this event\.$/, (name, role) =>
    role === "the host"
      ? t`${name} is already the host of this event.`
      : role === "a co-host"
        ? t`${name} is already a co-host of this event.`
        : t`${name} is already a checker of this event.`,
  ),
  // Groups (decision 0106); the words are the database's, shown in the group forms too.
  banned_from_group: (message) =>
    message.includes("RSVP") ? t`You can't RSVP to this group's events.` : t`You can't join this group.`,
  cannot_remove_self: msg`To leave the group, use Leave group.`,
  group_has_upcoming_events: parsed(/^The group has upcoming events that people have RSVPed to \((.*)\)\. /, (titles) =>
    t`The group has upcoming events that people have RSVPed to (${titles}). Cancel them first, then delete the group.`,
  ),
  group_not_found: msg`This group does not exist or is not visible to you.`,
  invalid_about: msg`The about text can be at most 20,000 characters long.`,
  invalid_city: msg`The city can be at most 120 characters long.`,
  invalid_group_name: msg`The name must be 3 to 80 characters long.`,
  invalid_group_role: msg`Choose organizer, co-organizer, event organizer or member.`,
  invalid_request: (message) =>
    message.startsWith("Say whether to accept or reject the appeal")
      ? t`Say whether to accept or reject the appeal.`
      : message.startsWith("Say whether to accept")
        ? t`Say whether to accept or decline the request.`
        : message.startsWith("Say whether to ban")
          ? t`Say whether to ban the person or lift the ban.`
          : message.startsWith("Choose another member")
            ? t`Choose another member to hand the group to.`
            : message.startsWith("Invite to an event")
              ? t`Invite to an event or to a group.`
              : undefined,
  invalid_unsubscribe_link: msg`This unsubscribe link is not valid.`,
  last_organizer: parsed(/^(.+) needs at least one organizer\./, (name) =>
    t`${name} needs at least one organizer. Make another member an organizer first, or delete the group.`,
  ),
  member_not_banned: msg`This person is not banned from the group.`,
  member_not_found: msg`This person is not a member of the group.`,
  members_needs_group: msg`A members-only event must belong to a group.`,
  members_only: msg`This event is for the group's members. Join the group to RSVP.`,
  missing_city: msg`Choose the group's home city on the map.`,
  not_group_event_organizer: msg`Only the group's organizers and event organizers can add events to it.`,
  not_group_manager: msg`Only the group's organizers and co-organizers can do that.`,
  not_group_member: msg`You're not a member of this group.`,
  not_group_organizer: msg`Only an organizer of the group can do that.`,
  request_not_pending: msg`There is no pending request from this person.`,
  already_reported: msg`You already reported this. An admin will look at it soon.`,
  cannot_remove_owner: msg`The event's host cannot be removed.`,
  cannot_change_group: msg`Only the event's host or its group's organizers can move it to another group.`,
  cannot_suspend_self: msg`You cannot suspend yourself.`,
  check_in_closed: msg`Check-in opens 2 hours before the start and closes at the end.`,
  comment_deleted: msg`This comment was deleted.`,
  content_not_found: msg`This content does not exist.`,
  event_cancelled: msg`This event was cancelled.`,
  event_full: msg`This event is full.`,
  event_not_found: msg`This event does not exist or is not visible to you.`,
  event_not_published: msg`This event isn't published yet.`,
  host_not_found: msg`This person is not one of the event's hosts.`,
  hosting_upcoming_events: parsed(/^You host upcoming events that people have RSVPed to \((.*)\)\. /, (titles) =>
    t`You host upcoming events that people have RSVPed to (${titles}). Cancel them first, then delete your account.`,
  ),
  invalid_audience: msg`Choose who gets the message: going, waitlisted or both.`,
  invalid_bio: msg`Your bio can be at most 300 characters.`,
  invalid_capacity: msg`Capacity must be empty or between 1 and 100,000.`,
  invalid_comment: msg`A comment must be 1 to 2,000 characters long.`,
  invalid_comment_change: msg`Only the text of a comment can be changed.`,
  invalid_dates: msg`The event must end after it starts, and last at most 14 days.`,
  invalid_description: msg`The description can be at most 20,000 characters long.`,
  invalid_display_name: (message) =>
    message === "Enter your name." ? t`Enter your name.` : t`Your name can be at most 60 characters.`,
  invalid_location: msg`Latitude must be between -90 and 90 and longitude between -180 and 180.`,
  invalid_message: (message) =>
    message.startsWith("Say why it should come back")
      ? t`Say why it should come back, in at most 2,000 characters.`
      : t`The message must be 1 to 5,000 characters long.`,
  invalid_online_url: msg`The online link must start with https://.`,
  invalid_plus_ones: msg`Guests per RSVP must be between 0 and 10.`,
  invalid_question: (message) =>
    message.startsWith("A choice question")
      ? t`A choice question needs 2 to 20 different options of at most 100 characters.`
      : message.startsWith("Only choice")
        ? t`Only choice questions have options.`
        : message.startsWith("A question must")
          ? t`A question must be 1 to 200 characters long.`
          : undefined,
  invalid_question_order: msg`List each of the event's questions once.`,
  invalid_reason: (message) =>
    message.startsWith("Say what") ? t`Say what is wrong, in at most 1,000 characters.` : t`The reason can be at most 1,000 characters long.`,
  invalid_reply: msg`You can reply to a comment on this event, one level deep.`,
  invalid_role: msg`Choose co-host or checker.`,
  invalid_status: msg`A report is either resolved or dismissed.`,
  invalid_status_change: msg`A cancelled event cannot be changed back, and a published event cannot become a draft.`,
  invalid_subject: msg`The subject must be 1 to 120 characters long.`,
  invalid_target: (message) =>
    message.includes("groups") ? t`Only comments, events and groups can be hidden.` : t`Only comments and events can be hidden.`,
  invalid_ticket: msg`This ticket code is not valid.`,
  invalid_timezone: msg`Choose a time zone from the list.`,
  invalid_title: msg`The title must be 3 to 120 characters long.`,
  invalid_username: msg`A username is 3 to 30 characters: lowercase letters, digits and _.`,
  invalid_video_url: msg`The video link must be a YouTube or Vimeo link.`,
  missing_location: msg`Add a place on the map or an online link, or both.`,
  no_recipients: (message) =>
    message.startsWith("The group") ? t`The group has no other members yet.` : t`Nobody is in that group yet.`,
  not_admin: msg`Only site admins can do that.`,
  not_author: msg`Only the author can change a comment.`,
  not_going: msg`This person is not on the guest list.`,
  not_checked_in: msg`This person is not checked in.`,
  invalid_walk_in_name: msg`Give the walk-in's name (up to 120 characters).`,
  invalid_walk_in_email: msg`The walk-in's email address is not valid.`,
  not_host: msg`Only the event's hosts can do that.`,
  not_signed_in: msg`Sign in to do that.`,
  rate_limited: msg`You're doing that too often. Try again in a minute.`,
  report_closed: msg`This report was already handled.`,
  report_not_found: msg`This report does not exist.`,
  report_target_not_found: msg`This content does not exist or is not visible to you.`,
  rsvp_closed: msg`RSVPs for this event are closed.`,
  rsvp_declined: msg`The hosts declined your request for this event.`,
  rsvp_not_found: msg`You have no RSVP for this event.`,
  rsvp_not_pending: msg`There is no pending request from this person.`,
  starts_in_past: msg`An event must start in the future to be published.`,
  suspended: msg`Your account is suspended.`,
  ticket_not_found: msg`This ticket does not exist or is not yours.`,
  too_many_questions: msg`An event can have at most 10 questions.`,
  too_many_guests: parsed(/(\d+)/, (max) => {
    const guests = Number(max);
    return plural(guests, { one: "You can bring at most # guest.", other: "You can bring at most # guests." });
  }),
  user_not_found: (message) =>
    message.startsWith("No member") ? t`No member has that username.` : t`This member does not exist.`,
  user_suspended: msg`This member is suspended.`,
  username_taken: msg`That username is taken. Try another.`,
  // Series (decisions 0121, 0123, 0125).
  already_in_series: msg`This event is already part of a series.`,
  invalid_rrule: msg`Repeat weekly on chosen days or monthly on a day or weekday, and end on a date or after a number of dates.`,
  invalid_series_change: (message) =>
    message.startsWith("These can only be changed one date at a time")
      ? t`Some of these changes can only be made one date at a time.`
      : message.startsWith("To cancel")
        ? t`To cancel the following dates, cancel the series.`
        : message.startsWith("The following dates must start after")
          ? t`The following dates must start after the date before them.`
          : message.startsWith("The following dates can move to a time still ahead")
            ? t`The following dates can only move to a time still ahead.`
            : message.startsWith("Give the new start")
              ? t`Give the new start as a date and time.`
              : undefined,
  not_in_series: msg`This event is not part of a series.`,
  series_not_found: msg`This series does not exist or is not visible to you.`,
  series_too_long: msg`A series can have at most 52 dates, within two years.`,
  series_too_short: msg`The rule gives no dates after the first event.`,
  ...PAID_TICKETS,
  ...INVITATIONS,
};

// Auth's codes (GoTrue's `error_code`) that a member can meet on Gather's screens.
const AUTH: Record<string, Translate> = {
  email_address_invalid: msg`Enter a valid email address, like name@example.com.`,
  email_exists: msg`An account with this email already exists.`,
  email_not_confirmed: msg`Confirm your email first: follow the link we sent you.`,
  invalid_credentials: msg`That email and password don't match an account.`,
  otp_expired: msg`This link or code has expired. Ask for a new one.`,
  over_email_send_rate_limit: msg`We've sent several emails already. Wait a minute, then try again.`,
  over_request_rate_limit: msg`Too many attempts. Wait a few minutes, then try again.`,
  reauthentication_not_valid: msg`That code isn't right or has expired.`,
  same_password: msg`Choose a password different from your current one.`,
  signup_disabled: msg`New accounts can't be created right now.`,
  user_already_exists: msg`An account with this email already exists.`,
  user_banned: msg`Your account is suspended, so you can't sign in. If you think this is a mistake, contact the site admins.`,
  weak_password: msg`Password must be at least 8 characters.`,
  // Second factors and phone numbers (decisions 0152, 0153).
  insufficient_aal: msg`This needs a sign-in that used your second factor. Sign out, then sign in again with it.`,
  mfa_challenge_expired: msg`That code request has expired. Ask for a new code.`,
  mfa_factor_name_conflict: msg`You already have a second factor with that name. Choose another.`,
  mfa_factor_not_found: msg`This second factor no longer exists. Reload the page.`,
  mfa_phone_enroll_not_enabled: msg`Phone numbers can't be added as a second factor on this site.`,
  mfa_phone_verify_not_enabled: msg`Codes by text message can't be used on this site right now. Choose another way.`,
  mfa_totp_enroll_not_enabled: msg`Authenticator apps can't be added on this site.`,
  mfa_totp_verify_not_enabled: msg`Authenticator app codes can't be used on this site right now. Choose another way.`,
  mfa_verification_failed: msg`That code is wrong or has expired.`,
  mfa_verification_rejected: msg`This sign-in was refused. Contact the site admins if this keeps happening.`,
  mfa_verified_factor_exists: msg`This phone number is already one of your second factors.`,
  mfa_webauthn_enroll_not_enabled: msg`Security keys can't be added as a second factor on this site.`,
  mfa_webauthn_verify_not_enabled: msg`Security keys can't be used on this site right now. Choose another way.`,
  over_sms_send_rate_limit: msg`We've sent several texts already. Wait a minute, then try again.`,
  phone_exists: msg`An account with this phone number already exists.`,
  phone_provider_disabled: msg`Signing in by phone isn't available on this site.`,
  sms_send_failed: msg`We couldn't send the text message. Check the number and try again.`,
  too_many_enrolled_mfa_factors: msg`You have as many second factors as allowed. Remove one first.`,
  // The browser's WebAuthn refusals, as supabase-js codes them.
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: msg`This security key or passkey is already registered.`,
  ERROR_INVALID_DOMAIN: msg`Security keys and passkeys need a secure address (https). Open Gather at its usual address.`,
  ERROR_INVALID_RP_ID: msg`Security keys and passkeys need a secure address (https). Open Gather at its usual address.`,
};

/** The translation of a coded error, or undefined for a code this build does not know. */
export function translateError(code: string, message: string): string | undefined {
  const entry = DATABASE[code] ?? AUTH[code];
  if (!entry) return undefined;
  return typeof entry === "function" ? entry(message) : i18n._(entry);
}
