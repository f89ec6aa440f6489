import { errors } from '../errors/api-error.ts';
import { mediaTypeName, type MediaType } from '../parse/accept.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';

/**
 * The first acceptable media type for a table or function response. GeoJSON needs PostGIS and
 * the plan media type needs `db-plan-enabled`; otherwise they are unknown (406 PGRST107).
 */
export function negotiate(accepts: MediaType[], cache: SchemaCache): MediaType {
  for (const m of accepts) {
    switch (m.kind) {
      case 'json':
      case 'any':
        return { kind: 'json' };
      case 'object':
      case 'array':
      case 'csv':
        return m;
      case 'geojson':
        if (cache.hasPostgis) return m;
        break;
      case 'plan':
        if (cache.settings.planEnabled) return m;
        break;
    }
  }
  throw errors.mediaType(accepts.map(mediaTypeName));
}
