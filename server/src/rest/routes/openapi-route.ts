import type { Db, RequestContext } from '../../db/db-types.ts';
import { isPgError } from '../../db/db-types.ts';
import { apiErrorFromPg } from '../errors/pg-error.ts';
import { openApiDocument } from '../openapi/openapi-document.ts';
import type { OpenApiPlan } from '../plan/types.ts';
import { errorResponse, type RestResponse } from '../respond/response.ts';
import type { SchemaCache } from '../schema-cache/schema-cache.ts';
import { quoteIdent } from '../sql/sql-builder.ts';

/** `GET /rest/v1/`: the OpenAPI document for the chosen schema, as the caller's role sees it. */
export async function openApiResponse(
  db: Db,
  cache: SchemaCache,
  plan: OpenApiPlan,
  request: Omit<RequestContext, 'settings' | 'readOnly'>,
  host: string,
): Promise<RestResponse> {
  try {
    const doc = await db.asRole({ ...request, readOnly: true, settings: { search_path: quoteIdent(plan.schema) } }, (tx) => openApiDocument(tx, cache, plan.schema, host));
    const headers: Record<string, string> = { 'content-type': 'application/openapi+json; charset=utf-8' };
    if (plan.sendProfile) headers['content-profile'] = plan.schema;
    return { status: 200, headers, body: plan.headOnly ? '' : JSON.stringify(doc) };
  } catch (err) {
    if (isPgError(err)) return errorResponse(apiErrorFromPg(err, request.role !== 'anon'));
    throw err;
  }
}
