import { t } from "@lingui/core/macro";
import * as z from "zod";
import { Constants } from "@/lib/database.types";
import { errorCode, errorMessage } from "@/lib/errors";

/**
 * The database's words for its group rules (decision 0106), keyed by the code it raises, in the
 * language on screen: the form says the same thing before the database would.
 */
export function groupRuleMessage(code: GroupRuleCode): string {
  switch (code) {
    case "invalid_group_name": return t`The name must be 3 to 80 characters long.`;
    case "invalid_about": return t`The about text can be at most 20,000 characters long.`;
    case "missing_city": return t`Choose the group's home city on the map.`;
    case "invalid_city": return t`The city can be at most 120 characters long.`;
    case "invalid_location": return t`Latitude must be between -90 and 90 and longitude between -180 and 180.`;
  }
}

export const GROUP_RULE_CODES = ["invalid_group_name", "invalid_about", "missing_city", "invalid_city", "invalid_location"] as const;
export type GroupRuleCode = (typeof GROUP_RULE_CODES)[number];

export const GROUP_NAME_MAX = 80;
export const GROUP_ABOUT_MAX = 20_000;
const coordinate = (limit: number) => (v: string) => v === "" || (Number.isFinite(Number(v)) && Math.abs(Number(v)) <= limit);

export const groupFormSchema = z
  .object({
    name: z.string().trim().min(3, { error: () => groupRuleMessage("invalid_group_name") }).max(GROUP_NAME_MAX, { error: () => groupRuleMessage("invalid_group_name") }),
    about: z.string().max(GROUP_ABOUT_MAX, { error: () => groupRuleMessage("invalid_about") }),
    category: z.enum(Constants.public.Enums.event_category, { error: () => t`Choose a category.` }),
    city: z.string().trim().max(120, { error: () => groupRuleMessage("invalid_city") }),
    lat: z.string().trim().refine(coordinate(90), { error: () => groupRuleMessage("invalid_location") }),
    lng: z.string().trim().refine(coordinate(180), { error: () => groupRuleMessage("invalid_location") }),
    visibility: z.enum(Constants.public.Enums.group_visibility),
    joinPolicy: z.enum(Constants.public.Enums.group_join_policy),
  })
  // A city needs its point, and a point its name: the database says missing_city for either.
  .superRefine((v, ctx) => {
    if (!v.city) ctx.addIssue({ code: "custom", path: ["city"], message: groupRuleMessage("missing_city") });
    else if (v.lat === "" || v.lng === "") ctx.addIssue({ code: "custom", path: ["lat"], message: groupRuleMessage("missing_city") });
  });

export type GroupFormValues = z.input<typeof groupFormSchema>;

export const NEW_GROUP_VALUES: GroupFormValues = {
  name: "", about: "", category: "community", city: "", lat: "", lng: "", visibility: "public", joinPolicy: "open",
};

/** Where each of the database's group errors belongs in the form. */
const FIELD_OF: Record<GroupRuleCode, keyof GroupFormValues> = {
  invalid_group_name: "name",
  invalid_about: "about",
  missing_city: "city",
  invalid_city: "city",
  invalid_location: "lat",
};

/** A failed save in the member's words, and the field it belongs to when the database named one. */
export function groupSaveProblem(error: unknown): { message: string; field?: keyof GroupFormValues } {
  const code = errorCode(error);
  const message = errorMessage(error);
  return code && code in FIELD_OF ? { message, field: FIELD_OF[code as GroupRuleCode] } : { message };
}
