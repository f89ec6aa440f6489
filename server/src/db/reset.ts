import type { Db } from './db-types.ts';

/**
 * Empties the database as `supabase db reset` does: every non-system schema and the realtime
 * publication go, then an empty `public`. Roles stay (they are cluster-wide on PostgreSQL).
 */
export async function resetDatabase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ nspname: string }>(
      `select nspname from pg_namespace
       where nspname not like 'pg\\_%' and nspname <> 'information_schema'`,
    );
    for (const { nspname } of rows) await tx.exec(`drop schema if exists "${nspname.replaceAll('"', '""')}" cascade`);
    await tx.exec('drop publication if exists supabase_realtime; create schema public; grant usage on schema public to public');
  });
}
