import type { Database } from "@/lib/database.types";
import { isoToZonedWallTime, zonedWallTimeToIso } from "@/lib/datetime";
import { eventInstants, type EventFormValues } from "./event-form-schema";

type EventRow = Database["public"]["Tables"]["events"]["Row"];

/** The columns the editor writes (status, cancel_reason and media paths are set by their own actions). */
export type EventFields = Pick<
  EventRow,
  | "title" | "description" | "category" | "starts_at" | "ends_at" | "timezone" | "venue_name" | "address" | "lat"
  | "lng" | "is_online" | "cover_path" | "video_url" | "video_path" | "capacity" | "waitlist_enabled"
  | "requires_approval" | "plus_ones_max" | "rsvp_closes_at" | "visibility" | "group_id"
>;

/** The event as the editor loads it: its columns plus the online link (hosts may read it). */
export type EditableEvent = EventFields & Pick<EventRow, "id" | "slug" | "status" | "host_id" | "updated_at"> & {
  online_url: string | null;
  /** The event's group as the editor names it (absent right after a first save). */
  group?: { id: string; name: string; slug: string } | null;
  /** The series this event is a date of (decision 0120); absent for events loaded without it. */
  series_id?: string | null;
  /** Its place in the series and the series' RRULE, for "this and following" (decision 0125). */
  series_position?: number | null;
  series_rule?: string | null;
};

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A new event: tomorrow 18:00–20:00 in the host's own zone until a venue gives its own, public, unlimited, waitlist on; in
 * `groupId` when it was started from a group's page (/events/new?group=…).
 */
export function newEventFormValues(zone: string, now: Date = new Date(), groupId = ""): EventFormValues {
  const tomorrow = addDays(isoToZonedWallTime(now.toISOString(), zone).date, 1);
  return {
    title: "", description: "", category: "other",
    startDate: tomorrow, startTime: "18:00", endDate: tomorrow, endTime: "20:00", timezone: zone, timezoneChosen: false,
    venueName: "", address: "", lat: "", lng: "", onlineUrl: "",
    capacity: "", waitlistEnabled: true, requiresApproval: false, plusOnesMax: "0", rsvpClosesAt: "",
    visibility: "public", groupId, coverPath: "", videoKind: "none", videoUrl: "", videoPath: "",
  };
}

/** The stored event as form values, its times shown in its own zone. */
export function eventToFormValues(event: EditableEvent): EventFormValues {
  const start = isoToZonedWallTime(event.starts_at, event.timezone);
  const end = isoToZonedWallTime(event.ends_at, event.timezone);
  // RSVPs closing at the start is the default: show it as "not set" so it keeps following the start.
  const closes = event.rsvp_closes_at && Date.parse(event.rsvp_closes_at) !== Date.parse(event.starts_at)
    ? isoToZonedWallTime(event.rsvp_closes_at, event.timezone)
    : null;
  return {
    title: event.title,
    description: event.description,
    category: event.category,
    startDate: start.date, startTime: start.time, endDate: end.date, endTime: end.time,
    timezone: event.timezone,
    timezoneChosen: true, // a saved event keeps its zone unless the host changes it (decision 0300)
    venueName: event.venue_name ?? "",
    address: event.address ?? "",
    lat: event.lat === null ? "" : String(event.lat),
    lng: event.lng === null ? "" : String(event.lng),
    onlineUrl: event.online_url ?? "",
    capacity: event.capacity === null ? "" : String(event.capacity),
    waitlistEnabled: event.waitlist_enabled,
    requiresApproval: event.requires_approval,
    plusOnesMax: String(event.plus_ones_max),
    rsvpClosesAt: closes ? `${closes.date}T${closes.time}` : "",
    visibility: event.visibility,
    groupId: event.group_id ?? "",
    coverPath: event.cover_path ?? "",
    videoKind: event.video_path ? "upload" : event.video_url ? "link" : "none",
    videoUrl: event.video_url ?? "",
    videoPath: event.video_path ?? "",
  };
}

/**
 * A new event copied from `event` (the host dashboard's "Duplicate"): its words, place, zone,
 * RSVP settings and group, at the same times of day a whole number of weeks later, the first
 * such date after today in its zone. A video link comes along; its cover, uploaded video and
 * questions are copied at the first save (api/duplicate-extras.ts), not RSVPs.
 */
export function duplicateFormValues(event: EditableEvent, now: Date = new Date()): EventFormValues {
  const values = eventToFormValues(event);
  const today = isoToZonedWallTime(now.toISOString(), event.timezone).date;
  let weeks = 1;
  while (addDays(values.startDate, 7 * weeks) <= today) weeks++;
  return {
    ...values,
    startDate: addDays(values.startDate, 7 * weeks),
    endDate: addDays(values.endDate, 7 * weeks),
    // "Closes at the start" follows the new start; a set closing time is left for the host to set.
    rsvpClosesAt: "",
    coverPath: "",
    videoPath: "",
    videoKind: values.videoKind === "upload" ? "none" : values.videoKind,
  };
}

const orNull = (v: string) => (v.trim() === "" ? null : v.trim());
const numberOrNull = (v: string) => (v.trim() === "" ? null : Number(v));

/** Valid form values as the event's columns (times converted from the event's zone to instants). */
export function formValuesToEventFields(v: EventFormValues): EventFields {
  const instants = eventInstants(v);
  if (!instants) throw new Error("formValuesToEventFields needs validated values");
  const zone = v.timezone.trim();
  const [closeDate = "", closeTime = ""] = v.rsvpClosesAt.split("T");
  const closes = v.rsvpClosesAt ? zonedWallTimeToIso(closeDate, closeTime, zone) : null;
  return {
    title: v.title.trim(),
    description: v.description,
    category: v.category,
    starts_at: instants.startsAt,
    ends_at: instants.endsAt,
    timezone: zone,
    venue_name: orNull(v.venueName),
    address: orNull(v.address),
    lat: numberOrNull(v.lat),
    lng: numberOrNull(v.lng),
    is_online: v.onlineUrl.trim() !== "",
    cover_path: orNull(v.coverPath),
    video_url: v.videoKind === "link" ? orNull(v.videoUrl) : null,
    video_path: v.videoKind === "upload" ? orNull(v.videoPath) : null,
    capacity: numberOrNull(v.capacity),
    waitlist_enabled: v.waitlistEnabled,
    requires_approval: v.requiresApproval,
    plus_ones_max: Number(v.plusOnesMax),
    // Empty means "when it starts", the database's default, sent explicitly so it follows the start.
    rsvp_closes_at: closes ?? instants.startsAt,
    visibility: v.visibility,
    group_id: v.groupId === "" ? null : v.groupId,
  };
}
