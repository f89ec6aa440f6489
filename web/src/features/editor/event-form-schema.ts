import { t } from "@lingui/core/macro";
import * as z from "zod";
import { Constants } from "@/lib/database.types";
import { isKnownTimeZone, zonedWallTimeToIso } from "@/lib/datetime";

export const CATEGORIES = Constants.public.Enums.event_category;
export const VISIBILITIES = Constants.public.Enums.event_visibility;
export const VIDEO_KINDS = ["none", "link", "upload"] as const;

/**
 * The database's own words for its rules (private.validate_event and the online-link trigger),
 * keyed by the error code it raises, in the language on screen. The form shows the same text
 * before the database would (and lib/error-messages.ts says the same when the database does).
 */
export function ruleMessage(code: RuleCode): string {
  switch (code) {
    case "invalid_title": return t`The title must be 3 to 120 characters long.`;
    case "invalid_description": return t`The description can be at most 20,000 characters long.`;
    case "invalid_dates": return t`The event must end after it starts, and last at most 14 days.`;
    case "invalid_timezone": return t`Choose a time zone from the list.`;
    case "invalid_location": return t`Latitude must be between -90 and 90 and longitude between -180 and 180.`;
    case "missing_location": return t`Add a place on the map or an online link, or both.`;
    case "invalid_capacity": return t`Capacity must be empty or between 1 and 100,000.`;
    case "invalid_plus_ones": return t`Guests per RSVP must be between 0 and 10.`;
    case "invalid_video_url": return t`The video link must be a YouTube or Vimeo link.`;
    case "starts_in_past": return t`An event must start in the future to be published.`;
    case "invalid_online_url": return t`The online link must start with https://.`;
    case "members_needs_group": return t`A members-only event must belong to a group.`;
    case "not_group_event_organizer": return t`Only the group's organizers and event organizers can add events to it.`;
  }
}

export const RULE_CODES = [
  "invalid_title", "invalid_description", "invalid_dates", "invalid_timezone", "invalid_location", "missing_location",
  "invalid_capacity", "invalid_plus_ones", "invalid_video_url", "starts_in_past", "invalid_online_url",
  "members_needs_group", "not_group_event_organizer",
] as const;

export type RuleCode = (typeof RULE_CODES)[number];

// The database's patterns, verbatim: `~* '^https://((www\.|m\.)?youtube\.com/|youtu\.be/|…'`
// (case-insensitive) for videos, `~ '^https://'` (case-sensitive) for online links.
const VIDEO_URL = /^https:\/\/((www\.|m\.)?youtube\.com\/|youtu\.be\/|(www\.|player\.)?vimeo\.com\/)/i;
const ONLINE_URL = /^https:\/\//;
const WHOLE = /^\d+$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const MAX_LENGTH_MS = 14 * 86_400_000;

const wholeIn = (min: number, max: number) => (v: string) => WHOLE.test(v) && Number(v) >= min && Number(v) <= max;
const coordinateIn = (limit: number) => (v: string) => v === "" || (Number.isFinite(Number(v)) && Math.abs(Number(v)) <= limit);

const fields = z.object({
  title: z.string().trim().min(3, { error: () => ruleMessage("invalid_title") }).max(120, { error: () => ruleMessage("invalid_title") }),
  description: z.string().max(20_000, { error: () => ruleMessage("invalid_description") }),
  category: z.enum(CATEGORIES, { error: () => t`Choose a category.` }),
  startDate: z.string().min(1, { error: () => t`Choose the day it starts.` }),
  startTime: z.string().min(1, { error: () => t`Choose the time it starts.` }),
  endDate: z.string().min(1, { error: () => t`Choose the day it ends.` }),
  endTime: z.string().min(1, { error: () => t`Choose the time it ends.` }),
  timezone: z.string().trim().refine(isKnownTimeZone, { error: () => ruleMessage("invalid_timezone") }),
  /** The host chose the zone (typed it, or the event was saved with it): a new venue no longer changes it (decision 0300). */
  timezoneChosen: z.boolean().optional(),
  venueName: z.string().trim(),
  address: z.string().trim(),
  lat: z.string().trim().refine(coordinateIn(90), { error: () => ruleMessage("invalid_location") }),
  lng: z.string().trim().refine(coordinateIn(180), { error: () => ruleMessage("invalid_location") }),
  onlineUrl: z.string().trim().refine((v) => v === "" || ONLINE_URL.test(v), { error: () => ruleMessage("invalid_online_url") }),
  capacity: z.string().trim().refine((v) => v === "" || wholeIn(1, 100_000)(v), { error: () => ruleMessage("invalid_capacity") }),
  waitlistEnabled: z.boolean(),
  requiresApproval: z.boolean(),
  plusOnesMax: z.string().trim().refine(wholeIn(0, 10), { error: () => ruleMessage("invalid_plus_ones") }),
  rsvpClosesAt: z.string().refine((v) => v === "" || LOCAL_DATE_TIME.test(v), { error: () => t`Choose a date and time, or leave it empty.` }),
  visibility: z.enum(VISIBILITIES, { error: () => t`Choose who can see the event.` }),
  /** The group the event belongs to ("" for none); the list only offers groups I may add events to. */
  groupId: z.string(),
  coverPath: z.string(),
  videoKind: z.enum(VIDEO_KINDS),
  videoUrl: z.string().trim(),
  videoPath: z.string(),
});

export type EventFormValues = z.input<typeof fields>;

/** The start and end as instants, when the date, time and zone fields make sense. */
export function eventInstants(v: Pick<EventFormValues, "startDate" | "startTime" | "endDate" | "endTime" | "timezone">) {
  if (!isKnownTimeZone(v.timezone.trim())) return null;
  const startsAt = zonedWallTimeToIso(v.startDate, v.startTime, v.timezone.trim());
  const endsAt = zonedWallTimeToIso(v.endDate, v.endTime, v.timezone.trim());
  return startsAt && endsAt ? { startsAt, endsAt } : null;
}

type SchemaOptions = {
  /** Publishing a draft (or a new event): the database wants it to start in the future. */
  publishing?: boolean;
  now?: () => Date;
};

/** The editor's schema: each field's own rule, then the rules that tie fields together. */
export function eventFormSchema({ publishing = false, now = () => new Date() }: SchemaOptions = {}) {
  // `when: () => true`: check these even while other fields are wrong, so every problem shows at once.
  return fields.superRefine((v, ctx) => {
    const instants = eventInstants(v);
    if (instants) {
      const start = Date.parse(instants.startsAt);
      const end = Date.parse(instants.endsAt);
      if (end <= start || end - start > MAX_LENGTH_MS) {
        ctx.addIssue({ code: "custom", path: ["endTime"], message: ruleMessage("invalid_dates") });
      }
      if (publishing && start <= now().getTime()) {
        ctx.addIssue({ code: "custom", path: ["startDate"], message: ruleMessage("starts_in_past") });
      }
    }
    const hasPlace = v.venueName.trim() !== "" && v.lat.trim() !== "" && v.lng.trim() !== "";
    if (!hasPlace && v.onlineUrl.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["venueName"], message: ruleMessage("missing_location") });
    }
    // The database's members_needs_group: a members-only event needs a group to have members.
    if (v.visibility === "members" && v.groupId === "") {
      ctx.addIssue({ code: "custom", path: ["visibility"], message: ruleMessage("members_needs_group") });
    }
    if (v.videoKind === "link" && !VIDEO_URL.test(v.videoUrl.trim())) {
      ctx.addIssue({ code: "custom", path: ["videoUrl"], message: ruleMessage("invalid_video_url") });
    }
  }, { when: (payload) => typeof payload.value === "object" && payload.value !== null });
}
