import type { Queryable } from '../db/db-types.ts';

interface TableRow {
  name: string;
  comment: string | null;
}

/**
 * The Swagger 2.0 document PostgREST serves at its root, listing what the caller's role may
 * read ("follow-privileges" mode). Column definitions come with the schema cache.
 */
export async function openApiDocument(tx: Queryable, host: string): Promise<Record<string, unknown>> {
  const { rows } = await tx.query<TableRow>(
    `select c.relname as name, obj_description(c.oid, 'pg_class') as comment
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')
       and has_table_privilege(c.oid, 'SELECT')
     order by c.relname`,
  );
  const paths: Record<string, unknown> = { '/': { get: { produces: ['application/openapi+json', 'application/json'], summary: 'OpenAPI description (this document)', tags: ['Introspection'] } } };
  for (const t of rows) {
    paths[`/${t.name}`] = { get: { tags: [t.name], summary: t.comment ?? undefined, responses: { '200': { description: 'OK' } } } };
  }
  return {
    swagger: '2.0',
    info: { title: 'Gather REST API', description: 'PostgREST-compatible API served by gather-server', version: '14.0' },
    host,
    basePath: '/rest/v1',
    schemes: ['http'],
    consumes: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    produces: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    paths,
    definitions: {},
  };
}
