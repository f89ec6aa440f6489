// The words Gather itself writes into a shared page's <head> (titles, descriptions, image
// texts), per language, as the emails and calendar files do (decision 0205): each language
// implements every message, so TypeScript refuses an incomplete one. What hosts and members
// wrote (titles, bios, places) stays as written. Decision 0208.
import type { EventCategory } from './categories.ts';

/** Discover's filters, as the page-head reads them from the URL. */
export interface DiscoverFilters {
  online: boolean;
  /** The category's name in this language, if one is chosen. */
  category?: string;
  when?: 'today' | 'week' | 'weekend';
  /** Dates already written in this language. */
  from?: string;
  to?: string;
  query?: string;
  /** Near a place: its name, or "" for a spot picked on the map; and the radius already formatted ("10 km"). */
  near?: { place: string; radius?: string };
}

export interface HeadMessages {
  /** og:locale: "fr_FR". */
  ogLocale: string;
  siteTitle: string;
  siteDescription: string;
  siteImageAlt: string;
  categories: Record<EventCategory, string>;
  online: string;
  cancelled: { title(title: string): string; sentence: string };
  coverOf(name: string): string;
  profileDescription(name: string, city: string | null): string;
  /** "Music group in Lisbon". */
  groupIn(category: string, city: string): string;
  members(count: number, formatted: string): string;
  discover: {
    title: string;
    description: string;
    /** "Music events this weekend near Lisbon (10 km)". */
    filteredTitle(f: DiscoverFilters): string;
    filteredDescription(title: string): string;
  };
}
