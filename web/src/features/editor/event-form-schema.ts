import * as z from "zod";
import { Constants } from "@/lib/database.types";
import { isKnownTimeZone, zonedWallTimeToIso } from "@/lib/datetime";

export const CATEGORIES = Constants.public.Enums.event_category;
export const VISIBILITIES = Constants.public.Enums.event_visibility;
export const VIDEO_KINDS = ["none", "link", "upload"] as const;

/**
 * The database's own words for its rules (private.validate_event and the online-link trigger),
 * keyed by the error code it raises. The form shows the same text before the database would.
 */
export const RULE_MESSAGES = {
  invalid_title: "The title must be 3 to 120 characters long.",
  invalid_description: "The description can be at most 20,000 characters long.",
  invalid_dates: "The event must end after it starts, and last at most 14 days.",
  invalid_timezone: "Choose a time zone from the list.",
  invalid_location: "Latitude must be between -90 and 90 and longitude between -180 and 180.",
  missing_location: "Add a place on the map or an online link, or both.",
  invalid_capacity: "Capacity must be empty or between 1 and 100,000.",
  invalid_plus_ones: "Guests per RSVP must be between 0 and 10.",
  invalid_video_url: "The video link must be a YouTube or Vimeo link.",
  starts_in_past: "An event must start in the future to be published.",
  invalid_online_url: "The online link must start with https://.",
} as const;

export type RuleCode = keyof typeof RULE_MESSAGES;

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
  title: z.string().trim().min(3, RULE_MESSAGES.invalid_title).max(120, RULE_MESSAGES.invalid_title),
  description: z.string().max(20_000, RULE_MESSAGES.invalid_description),
  category: z.enum(CATEGORIES, "Choose a category."),
  startDate: z.string().min(1, "Choose the day it starts."),
  startTime: z.string().min(1, "Choose the time it starts."),
  endDate: z.string().min(1, "Choose the day it ends."),
  endTime: z.string().min(1, "Choose the time it ends."),
  timezone: z.string().trim().refine(isKnownTimeZone, RULE_MESSAGES.invalid_timezone),
  venueName: z.string().trim(),
  address: z.string().trim(),
  lat: z.string().trim().refine(coordinateIn(90), RULE_MESSAGES.invalid_location),
  lng: z.string().trim().refine(coordinateIn(180), RULE_MESSAGES.invalid_location),
  onlineUrl: z.string().trim().refine((v) => v === "" || ONLINE_URL.test(v), RULE_MESSAGES.invalid_online_url),
  capacity: z.string().trim().refine((v) => v === "" || wholeIn(1, 100_000)(v), RULE_MESSAGES.invalid_capacity),
  waitlistEnabled: z.boolean(),
  requiresApproval: z.boolean(),
  plusOnesMax: z.string().trim().refine(wholeIn(0, 10), RULE_MESSAGES.invalid_plus_ones),
  rsvpClosesAt: z.string().refine((v) => v === "" || LOCAL_DATE_TIME.test(v), "Choose a date and time, or leave it empty."),
  visibility: z.enum(VISIBILITIES, "Choose who can see the event."),
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
        ctx.addIssue({ code: "custom", path: ["endTime"], message: RULE_MESSAGES.invalid_dates });
      }
      if (publishing && start <= now().getTime()) {
        ctx.addIssue({ code: "custom", path: ["startDate"], message: RULE_MESSAGES.starts_in_past });
      }
    }
    const hasPlace = v.venueName.trim() !== "" && v.lat.trim() !== "" && v.lng.trim() !== "";
    if (!hasPlace && v.onlineUrl.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["venueName"], message: RULE_MESSAGES.missing_location });
    }
    if (v.videoKind === "link" && !VIDEO_URL.test(v.videoUrl.trim())) {
      ctx.addIssue({ code: "custom", path: ["videoUrl"], message: RULE_MESSAGES.invalid_video_url });
    }
  }, { when: (payload) => typeof payload.value === "object" && payload.value !== null });
}
