import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { GeoJSON, Pane } from "react-leaflet";
import land from "world-atlas/land-110m.json";
import { basemapAttribution, type MapCreditWords } from "@/lib/map-config";

type LandTopology = Topology<{ land: GeometryCollection }>;

/**
 * The ring moved by `dx` degrees of longitude, and made continuous where it crosses the
 * antimeridian (Fiji, Chukotka, Antarctica jump from 180 to -180): Leaflet draws straight
 * lines, so a jump would be a stripe across the whole world.
 */
function shift(ring: Position[], dx: number): Position[] {
  let offset = dx;
  let previous: number | undefined;
  return ring.map(([lng = 0, lat = 0]) => {
    if (previous !== undefined && lng - previous > 180) offset -= 360;
    else if (previous !== undefined && previous - lng > 180) offset += 360;
    previous = lng;
    return [lng + offset, lat];
  });
}

/**
 * The land shapes, plus a copy either side: at low zoom a wide map shows the world more than
 * once, and a shape unwrapped past 180° (Russia) is only in the right place in one of them.
 */
function buildLand(): FeatureCollection<Polygon | MultiPolygon> {
  const world = feature(land as unknown as LandTopology, (land as unknown as LandTopology).objects.land);
  const features: Feature<Polygon | MultiPolygon>[] = [];
  for (const f of world.features) {
    const geometry = f.geometry as Polygon | MultiPolygon;
    for (const dx of [-360, 0, 360]) {
      const moved: Polygon | MultiPolygon =
        geometry.type === "Polygon"
          ? { type: "Polygon", coordinates: geometry.coordinates.map((r) => shift(r, dx)) }
          : { type: "MultiPolygon", coordinates: geometry.coordinates.map((p) => p.map((r) => shift(r, dx))) };
      features.push({ type: "Feature", properties: {}, geometry: moved });
    }
  }
  return { type: "FeatureCollection", features };
}

const LAND = buildLand();

const LAND_STYLE = { fillColor: "#eeece6", fillOpacity: 1, color: "#b8b4a8", weight: 0.8 };

/**
 * A low-detail world (Natural Earth 1:110m, bundled) in a pane under the tiles, so the map is
 * never blank: offline, when the tile server fails, or before the tiles arrive.
 */
export function WorldBasemap({ credits }: { credits: MapCreditWords }) {
  return (
    <Pane name="gather-basemap" style={{ zIndex: 150 }}>
      <GeoJSON data={LAND} style={LAND_STYLE} interactive={false} attribution={basemapAttribution(credits)} />
    </Pane>
  );
}
