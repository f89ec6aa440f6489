import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Constants, type Database } from "@/lib/database.types";

export type EventCategory = Database["public"]["Enums"]["event_category"];

/** Every category, in the database's order (the enum's). */
export const CATEGORIES: readonly EventCategory[] = Constants.public.Enums.event_category;

const LABELS: Record<EventCategory, MessageDescriptor> = {
  arts: msg({ message: "Arts", comment: "An event category" }),
  books: msg({ message: "Books", comment: "An event category" }),
  career: msg({ message: "Career", comment: "An event category" }),
  community: msg({ message: "Community", comment: "An event category" }),
  food: msg({ message: "Food", comment: "An event category" }),
  games: msg({ message: "Games", comment: "An event category" }),
  health: msg({ message: "Health", comment: "An event category" }),
  music: msg({ message: "Music", comment: "An event category" }),
  outdoors: msg({ message: "Outdoors", comment: "An event category" }),
  tech: msg({ message: "Tech", comment: "An event category" }),
  other: msg({ message: "Other", comment: "An event category" }),
};

/** A category's name in the language on screen (call it while rendering, under useLingui). */
export function categoryLabel(category: EventCategory): string {
  return i18n._(LABELS[category]);
}
