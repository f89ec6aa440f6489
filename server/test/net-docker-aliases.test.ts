import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Issue 22: public projects reach their own API from SQL through the CLI's Docker names.
// chatgpt-your-files keeps 'http://api.supabase.internal:8000' in Vault and posts to
// /functions/v1/process from a storage trigger; chatbot-ui calls http://supabase_kong_<project_id>:8000.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.db.exec(`
    create table public.pings (id int primary key);
    grant select on public.pings to anon, service_role;
    insert into public.pings values (7);
    create function public.call_self(target text) returns bigint language sql security definer as $$
      select net.http_get(target || '/rest/v1/pings?select=id', headers := jsonb_build_object('apikey', current_setting('request.headers')::json->>'apikey'))
    $$;
    grant execute on function public.call_self(text) to service_role;
    notify pgrst, 'reload schema';`);
});
afterAll(async () => s?.stop());

describe(`pg_net to Kong's Docker names reaches this server (${driverName})`, () => {
  for (const host of ['http://api.supabase.internal:8000', 'http://supabase_kong_myproject:8000']) {
    it(`${host}`, async () => {
      const { data: id, error } = await s.service().rpc('call_self', { target: host });
      expect(error).toBeNull();
      await expect
        .poll(async () => (await s.db.query<{ status_code: number | null; error_msg: string | null; content: string | null }>(
          'select status_code, error_msg, content from net._http_response where id = $1', [id])).rows[0], { timeout: 15_000, interval: 200 })
        .toMatchObject({ status_code: 200, content: '[{"id":7}]' });
    });
  }
});
