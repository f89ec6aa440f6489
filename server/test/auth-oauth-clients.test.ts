import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// The OAuth 2.1 server's client registry (decision 0156) through supabase-js's
// auth.admin.oauth.*, with [auth.oauth_server] enabled: shapes, defaults and refusals as GoTrue's
// oauthserver handlers answer them.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ oauthServerEnabled: 'true' });
});
afterAll(() => s.stop());

const admin = () => s.service().auth.admin.oauth;

describe(`OAuth client registry: auth.admin.oauth.* (${driverName})`, () => {
  it('registers a confidential client with a secret shown once and kept as SHA-256', async () => {
    const { data, error } = await admin().createClient({ client_name: 'Gather CLI', redirect_uris: ['https://app.example.com/callback'] });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      client_name: 'Gather CLI',
      client_type: 'confidential',
      token_endpoint_auth_method: 'client_secret_basic',
      registration_type: 'manual',
      redirect_uris: ['https://app.example.com/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
    expect(data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await s.testDb.db.query<{ client_secret_hash: string }>('select client_secret_hash from auth.oauth_clients where id = $1', [data!.client_id]);
    expect(rows[0]!.client_secret_hash).toBe(createHash('sha256').update(data!.client_secret!).digest('base64url'));
    const got = await admin().getClient(data!.client_id);
    expect(got.data).toMatchObject({ client_id: data!.client_id, client_name: 'Gather CLI' });
    expect(got.data).not.toHaveProperty('client_secret');
  });

  it('makes public clients without a secret, and refuses to regenerate one for them', async () => {
    const { data } = await admin().createClient({ client_name: 'SPA', redirect_uris: ['http://localhost:3000/cb'], token_endpoint_auth_method: 'none' });
    expect(data).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    expect(data).not.toHaveProperty('client_secret');
    const again = await admin().regenerateClientSecret(data!.client_id);
    expect(again.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Cannot regenerate secret for public client' });
  });

  it('lists, updates, regenerates and deletes (soft) a client', async () => {
    const { data: made } = await admin().createClient({ client_name: 'Old name', redirect_uris: ['https://a.example.com/cb'] });
    const id = made!.client_id;
    expect((await admin().listClients()).data.clients.map((c) => c.client_id)).toContain(id);
    const updated = await admin().updateClient(id, { client_name: 'New name', redirect_uris: ['https://b.example.com/cb'], logo_uri: 'https://b.example.com/logo.png' });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ client_name: 'New name', redirect_uris: ['https://b.example.com/cb'], logo_uri: 'https://b.example.com/logo.png' });
    const regenerated = await admin().regenerateClientSecret(id);
    expect(regenerated.data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(regenerated.data!.client_secret).not.toBe(made!.client_secret);
    expect((await admin().deleteClient(id)).error).toBeNull();
    expect((await admin().getClient(id)).error).toMatchObject({ status: 404, code: 'oauth_client_not_found', message: 'OAuth client not found' });
    expect((await admin().listClients()).data.clients.map((c) => c.client_id)).not.toContain(id);
    const { rows } = await s.testDb.db.query('select 1 from auth.oauth_clients where id = $1 and deleted_at is not null', [id]);
    expect(rows).toHaveLength(1);
  });

  it("refuses what GoTrue refuses, in GoTrue's words", async () => {
    // client_type is GoTrue's field; supabase-js's type leaves it out, so the cases are plain objects.
    const cases: [Record<string, unknown>, string][] = [
      [{ client_name: 'x', redirect_uris: [] }, 'redirect_uris is required'],
      [{ client_name: 'x', redirect_uris: ['http://evil.example.com/cb'] }, "invalid redirect_uri 'http://evil.example.com/cb': HTTP scheme only allowed for localhost"],
      [{ client_name: 'x', redirect_uris: ['javascript://x/alert(1)'] }, "invalid redirect_uri 'javascript://x/alert(1)': scheme 'javascript' is not allowed for security reasons"],
      [{ client_name: 'x', redirect_uris: ['https://a.example.com/cb#frag'] }, "invalid redirect_uri 'https://a.example.com/cb#frag': fragment not allowed in redirect URI"],
      [{ client_name: 'x', redirect_uris: ['https://a.example.com/cb'], grant_types: ['password'] }, "grant_types must only contain 'authorization_code' and/or 'refresh_token'"],
      [{ client_name: 'x', redirect_uris: ['https://a.example.com/cb'], client_type: 'public', token_endpoint_auth_method: 'client_secret_post' }, "client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_post' (expected client_type 'confidential')"],
    ];
    for (const [params, message] of cases) {
      const { error } = await admin().createClient(params as never);
      expect(error, message).toMatchObject({ status: 400, code: 'validation_failed', message });
    }
    const { data } = await admin().createClient({ client_name: 'x', redirect_uris: ['https://a.example.com/cb'] });
    expect((await admin().updateClient(data!.client_id, {})).error).toMatchObject({ status: 400, message: 'No fields provided for update' });
    expect((await admin().updateClient(data!.client_id, { token_endpoint_auth_method: 'none' })).error).toMatchObject({
      status: 400,
      message: "token_endpoint_auth_method 'none' is not valid for client_type 'confidential'; valid methods: [client_secret_basic client_secret_post]",
    });
    expect((await admin().getClient('not-a-uuid')).error).toMatchObject({ status: 400, message: 'invalid client_id format' });
    // Only the service role may manage clients.
    const anon = await s.anon().auth.admin.oauth.listClients();
    expect(anon.error).toMatchObject({ status: 403 });
  });
});
