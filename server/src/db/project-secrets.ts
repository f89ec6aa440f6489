import type { Db } from './db-types.ts';
import { underStartLock } from './start-lock.ts';

/** Marks the secrets this server manages; one with another description was set by hand and is left alone. */
export const MANAGED_DESCRIPTION = 'Set by gather-server at start (its own address). Change the description to manage it yourself.';

/**
 * Stores `project_url` and `service_role_key` in Vault, where SQL that calls Edge Functions
 * (pg_cron jobs, triggers through pg_net) reads them, as Supabase documents:
 * `select decrypted_secret from vault.decrypted_secrets where name = 'project_url'`.
 * On hosted Supabase one sets them once by hand; here the server knows both. Decision 0044.
 * Returns false when the database has no vault (nothing stored).
 */
export async function storeProjectSecrets(db: Db, secrets: { projectUrl: string; serviceRoleKey: string }): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `select to_regprocedure('vault.create_secret(text,text,text,uuid)') is not null
        and to_regprocedure('vault.update_secret(uuid,text,text,text,uuid)') is not null as ok`,
  );
  if (!rows[0]?.ok) return false;
  // Under the start-up lock, not one of its own: another instance's bootstrap recreates the view
  // read here while holding the table written here (a deadlock with two locks, decision 0272).
  await underStartLock(db, async (tx) => {
    for (const [name, value] of [
      ['project_url', secrets.projectUrl],
      ['service_role_key', secrets.serviceRoleKey],
    ] as const) {
      await tx.query(
        `select vault.update_secret(id, $2) from vault.decrypted_secrets
         where name = $1 and description = $3 and decrypted_secret is distinct from $2`,
        [name, value, MANAGED_DESCRIPTION],
      );
      await tx.query(
        `select vault.create_secret($2, $1, $3) where not exists (select 1 from vault.secrets where name = $1)`,
        [name, value, MANAGED_DESCRIPTION],
      );
    }
  });
  return true;
}

/** How SQL running in the database reaches this server: loopback when it listens on every address. */
export function loopbackUrl(host: string, port: number): string {
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
}
