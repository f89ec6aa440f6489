import { errorCode, errorMessage } from "@/lib/errors";
import type { EventFormValues, RuleCode } from "./event-form-schema";

/** Where each of the database's event errors belongs in the form. */
const FIELD_OF: Record<RuleCode, keyof EventFormValues> = {
  invalid_title: "title",
  invalid_description: "description",
  invalid_dates: "endTime",
  invalid_timezone: "timezone",
  invalid_location: "lat",
  missing_location: "venueName",
  invalid_capacity: "capacity",
  invalid_plus_ones: "plusOnesMax",
  invalid_video_url: "videoUrl",
  starts_in_past: "startDate",
  invalid_online_url: "onlineUrl",
  members_needs_group: "visibility",
  not_group_event_organizer: "groupId",
};

// Group codes that are not form rules but still belong beside the group select.
const FIELD_OF_GROUP_CODE: Record<string, keyof EventFormValues> = {
  group_not_found: "groupId",
  // A co-host may edit the event but not move it to another group (decision 0266).
  cannot_change_group: "groupId",
};

// A CHECK constraint that fired before our trigger could say it in words (it never should).
const FIELD_OF_CONSTRAINT: Record<string, keyof EventFormValues> = {
  events_title_length: "title",
  events_description_length: "description",
  events_dates: "endTime",
  events_lat_range: "lat",
  events_lng_range: "lng",
  events_capacity_range: "capacity",
  events_plus_ones_range: "plusOnesMax",
  events_has_place_or_link: "venueName",
  event_online_links_https: "onlineUrl",
};

export type SaveProblem = { message: string; field?: keyof EventFormValues };

/**
 * A failed save in the user's words, and the field to show it beside when the database named
 * one: its catalogue `code` (e.g. invalid_dates), or the constraint in a 23514 error.
 */
export function saveProblem(error: unknown): SaveProblem {
  const message = errorMessage(error);
  const code = errorCode(error);
  if (code && code in FIELD_OF) return { message, field: FIELD_OF[code as RuleCode] };
  if (code && code in FIELD_OF_GROUP_CODE) return { message, field: FIELD_OF_GROUP_CODE[code] };
  if (code === "23514") {
    const constraint = Object.keys(FIELD_OF_CONSTRAINT).find((name) => message.includes(name));
    if (constraint) return { message, field: FIELD_OF_CONSTRAINT[constraint] };
  }
  return { message };
}
