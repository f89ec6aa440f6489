import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGED_DESCRIPTION, storeProjectSecrets } from '../src/db/project-secrets.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Supabase Vault's SQL surface where the extension is absent (bootstrap 11-vault.sql), and the
// project_url / service_role_key the server keeps there for SQL that calls its functions.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

async function secret(name: string): Promise<{ value: string; description: string } | undefined> {
  const { rows } = await s.db.query<{ value: string; description: string }>(
    'select decrypted_secret as value, description from vault.decrypted_secrets where name = $1',
    [name],
  );
  return rows[0];
}

describe(`vault (${driverName})`, () => {
  it('holds the server\'s own address and service-role key once it is up', async () => {
    expect(await secret('project_url')).toEqual({ value: s.url, description: MANAGED_DESCRIPTION });
    expect(await secret('service_role_key')).toEqual({ value: s.keys.serviceRoleKey, description: MANAGED_DESCRIPTION });
  });

  it('lets SQL reach the functions with them, as Supabase documents', async () => {
    // What a cron job or trigger does: read both, post through pg_net; the request reaches this server.
    const { rows } = await s.db.query<{ id: string }>(
      `select net.http_post(
         url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/rest/v1/',
         headers := jsonb_build_object('Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key'))
       )::text as id`,
    );
    await expect
      .poll(async () => (await s.db.query<{ status_code: number }>('select status_code from net._http_response where id = $1', [rows[0]!.id])).rows[0]?.status_code)
      .toBeDefined();
  });

  it('has create_secret, update_secret and decrypted_secrets with the extension\'s signatures', async () => {
    await s.db.exec('create extension if not exists supabase_vault with schema vault');
    const { rows } = await s.db.query<{ id: string }>(`select vault.create_secret('s3cret', 'test_token', 'for a test') as id`);
    expect(await secret('test_token')).toEqual({ value: 's3cret', description: 'for a test' });
    await s.db.query(`select vault.update_secret($1, 'rotated')`, [rows[0]!.id]);
    expect((await secret('test_token'))!.value).toBe('rotated');
    await expect(s.db.query(`select vault.create_secret('again', 'test_token')`)).rejects.toThrow(/duplicate key/);
    const unnamed = await s.db.query<{ id: string }>(`select vault.create_secret('no name') as id`);
    expect(unnamed.rows[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a secret set by hand, and updates the ones it manages', async () => {
    await storeProjectSecrets(s.db, { projectUrl: 'http://127.0.0.1:1', serviceRoleKey: s.keys.serviceRoleKey });
    expect((await secret('project_url'))!.value).toBe('http://127.0.0.1:1');
    await s.db.query(`update vault.secrets set secret = 'https://api.gather.example', description = 'ours' where name = 'project_url'`);
    await storeProjectSecrets(s.db, { projectUrl: s.url, serviceRoleKey: s.keys.serviceRoleKey });
    expect(await secret('project_url')).toEqual({ value: 'https://api.gather.example', description: 'ours' });
    await s.db.query(`update vault.secrets set secret = $1, description = $2 where name = 'project_url'`, [s.url, MANAGED_DESCRIPTION]);
  });

  it('is the database owner\'s alone: the API roles cannot read it', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      await expect(s.db.asRole({ role, claims: { role } }, (tx) => tx.query('select * from vault.decrypted_secrets')), role).rejects.toThrow(/permission denied/);
      await expect(s.db.asRole({ role, claims: { role } }, (tx) => tx.query(`select vault.create_secret('x', 'y')`)), role).rejects.toThrow(/permission denied/);
    }
  });
});
