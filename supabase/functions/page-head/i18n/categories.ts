// The event categories (the database's enum public.event_category), for the heads' own words.
export const EVENT_CATEGORIES = ['arts', 'books', 'career', 'community', 'food', 'games', 'health', 'music', 'outdoors', 'tech', 'other'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export function isEventCategory(value: string): value is EventCategory {
  return (EVENT_CATEGORIES as readonly string[]).includes(value);
}
