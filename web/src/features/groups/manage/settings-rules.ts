import { t } from "@lingui/core/macro";
import type { ManagedGroup } from "./api/managed-group";

/** The settings as the form holds them (coordinates as typed). */
export type SettingsValues = Pick<ManagedGroup, "name" | "about" | "category" | "city" | "visibility" | "join_policy"> & {
  lat: number | null;
  lng: number | null;
};

export type SettingsErrors = Partial<Record<"name" | "about" | "city" | "location", string>>;

/** The database's rules on groups (decision 0106), in its words, before it is asked. */
export function validateSettings(v: SettingsValues): SettingsErrors {
  const errors: SettingsErrors = {};
  const name = v.name.trim().length;
  if (name < 3 || name > 80) errors.name = t`The name must be 3 to 80 characters long.`;
  if (v.about.length > 20_000) errors.about = t`The about text can be at most 20,000 characters long.`;
  if (v.city.trim() === "" || v.lat === null || v.lng === null) errors.city = t`Choose the group's home city on the map.`;
  else if (v.city.trim().length > 120) errors.city = t`The city can be at most 120 characters long.`;
  if (v.lat !== null && v.lng !== null && (Math.abs(v.lat) > 90 || Math.abs(v.lng) > 180)) {
    errors.location = t`Latitude must be between -90 and 90 and longitude between -180 and 180.`;
  }
  return errors;
}
