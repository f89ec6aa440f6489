// Where map tiles come from. Build-time settings, so a deployment can point at its own tile
// server or a paid provider (the volunteer-run OpenStreetMap servers are not for heavy
// traffic). `VITE_TILE_URL=none` draws only the bundled world basemap (fully offline).

const OSM_TILES = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const OSM_LINK = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
const NATURAL_EARTH_LINK = '<a href="https://www.naturalearthdata.com/">Natural Earth</a>';

/**
 * The map's credits in the reader's language (issue 32): `words` gets each source's link and
 * returns the sentence around it, "© {osm} contributors", "Land: {naturalEarth}".
 */
export type MapCreditWords = { osm(link: string): string; land(link: string): string };
const ENGLISH_CREDITS: MapCreditWords = { osm: (link) => `&copy; ${link} contributors`, land: (link) => `Land: ${link}` };

export type TileConfig = {
  /** A Leaflet tile URL template, or null for "no tiles, basemap only". */
  url: string | null;
  /** HTML shown in the attribution control. */
  attribution: string;
  maxZoom: number;
};

export function tileConfig(env: Partial<ImportMetaEnv> = import.meta.env, words: MapCreditWords = ENGLISH_CREDITS): TileConfig {
  const url = env.VITE_TILE_URL?.trim() || OSM_TILES;
  const attribution = env.VITE_TILE_ATTRIBUTION?.trim() || (url === OSM_TILES ? words.osm(OSM_LINK) : "");
  return { url: url === "none" ? null : url, attribution, maxZoom: 19 };
}

/** Natural Earth land shapes (world-atlas), drawn under the tiles. */
export function basemapAttribution(words: MapCreditWords = ENGLISH_CREDITS): string {
  return words.land(NATURAL_EARTH_LINK);
}

/** Where a map with nothing on it looks: the whole world, a little north of the equator. */
export const WORLD_VIEW = { center: [20, 0] as [number, number], zoom: 1 };

/** How close a single pin (a venue, a picked location) is shown. */
export const PIN_ZOOM = 15;
