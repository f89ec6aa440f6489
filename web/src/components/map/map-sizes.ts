// Each map's box, shared by the map and its loading skeleton so nothing jumps when it loads.
export const MAP_SIZES = {
  events: "h-[28rem] max-h-[70vh] w-full",
  venue: "h-64 w-full",
  picker: "h-72 w-full",
} as const;
