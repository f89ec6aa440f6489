import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/db-types.ts';
import type { AuthContext } from '../auth-context.ts';
import { badRequest, notFound } from '../errors.ts';
import { bodyOf, optStr } from '../request-body.ts';
import { isUuid } from '../validation.ts';
import { checkAuthMethod, checkGrantTypes, checkNames, checkRedirectUris, optStrings, registerParams, AUTH_METHODS } from './client-params.ts';

/** A row of auth.oauth_clients; lists are comma-joined as GoTrue stores them. */
interface ClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: string;
  client_type: 'public' | 'confidential';
  token_endpoint_auth_method: string;
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date;
  updated_at: Date;
}

/** GoTrue's OAuthServerClientResponse: empty fields left out, the secret only when just made. */
function clientJson(c: ClientRow, secret?: string) {
  const split = (s: string) => (s === '' ? [] : s.split(','));
  const json: Record<string, unknown> = { client_id: c.id };
  if (secret) json.client_secret = secret;
  Object.assign(json, {
    client_type: c.client_type,
    redirect_uris: split(c.redirect_uris),
    token_endpoint_auth_method: c.token_endpoint_auth_method,
    grant_types: split(c.grant_types),
    response_types: ['code'],
  });
  if (c.client_name) json.client_name = c.client_name;
  if (c.client_uri) json.client_uri = c.client_uri;
  if (c.logo_uri) json.logo_uri = c.logo_uri;
  return { ...json, registration_type: c.registration_type, created_at: c.created_at.toISOString(), updated_at: c.updated_at.toISOString() };
}

/** A new secret (32 random bytes, base64url) and the SHA-256 kept of it, as GoTrue makes them. */
function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: createHash('sha256').update(secret).digest('base64url') };
}

async function loadClient(q: Queryable, req: FastifyRequest): Promise<ClientRow> {
  const id = (req.params as { client_id?: string }).client_id ?? '';
  if (id === '') throw badRequest('validation_failed', 'client_id is required');
  if (!isUuid(id)) throw badRequest('validation_failed', 'invalid client_id format');
  const { rows } = await q.query<ClientRow>('select * from auth.oauth_clients where id = $1 and deleted_at is null', [id]);
  if (!rows[0]) throw notFound('oauth_client_not_found', 'OAuth client not found');
  return rows[0];
}

const UPDATABLE = ['redirect_uris', 'grant_types', 'client_name', 'client_uri', 'logo_uri', 'token_endpoint_auth_method'];

/**
 * /admin/oauth/clients (supabase-js `auth.admin.oauth.*`), behind `[auth.oauth_server] enabled`:
 * register (manual), list, get, update, delete (soft, as GoTrue) and regenerate a confidential
 * client's secret. Secrets are shown once and kept as SHA-256 (decision 0156). The OAuth 2.1
 * authorization server itself (/oauth/authorize, /oauth/token) is not provided.
 */
export function oauthClientRoutes(app: FastifyInstance, a: AuthContext): void {
  const db = () => a.server.db;

  app.post('/admin/oauth/clients', async (req, reply: FastifyReply) => {
    const p = registerParams(bodyOf(req));
    const made = p.clientType === 'confidential' ? newSecret() : undefined;
    const { rows } = await db().query<ClientRow>(
      `insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type, token_endpoint_auth_method,
         redirect_uris, grant_types, client_name, client_uri, logo_uri)
       values ($1, $2, 'manual', $3, $4, $5, $6, $7, $8, $9) returning *`,
      [randomUUID(), made?.hash ?? null, p.clientType, p.authMethod, p.redirectUris.join(','), p.grantTypes.join(','),
        p.clientName || null, p.clientUri || null, p.logoUri || null],
    );
    return reply.code(201).send(clientJson(rows[0]!, made?.secret));
  });

  app.get('/admin/oauth/clients', async () => {
    const { rows } = await db().query<ClientRow>('select * from auth.oauth_clients where deleted_at is null order by created_at desc');
    // GoTrue's `clients` is omitempty (an empty list too): no clients, no field, as it answers.
    return rows.length ? { clients: rows.map((c) => clientJson(c)) } : {};
  });

  app.get('/admin/oauth/clients/:client_id', async (req) => clientJson(await loadClient(db(), req)));

  app.put('/admin/oauth/clients/:client_id', async (req) => {
    const client = await loadClient(db(), req);
    const body = bodyOf(req);
    if (!UPDATABLE.some((k) => body[k] !== undefined && body[k] !== null)) throw badRequest('validation_failed', 'No fields provided for update');
    const redirectUris = optStrings(body, 'redirect_uris');
    const grantTypes = optStrings(body, 'grant_types');
    const names = { client_name: optStr(body, 'client_name'), client_uri: optStr(body, 'client_uri'), logo_uri: optStr(body, 'logo_uri') };
    const method = optStr(body, 'token_endpoint_auth_method');
    if (redirectUris) checkRedirectUris(redirectUris, false);
    if (grantTypes) checkGrantTypes(grantTypes);
    checkNames(names);
    if (method !== undefined) {
      checkAuthMethod(method, `invalid token_endpoint_auth_method: must be one of [${AUTH_METHODS.join(' ')}]`);
      const valid = client.client_type === 'public' ? ['none'] : ['client_secret_basic', 'client_secret_post'];
      if (!valid.includes(method)) {
        throw badRequest('validation_failed', `token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'; valid methods: [${valid.join(' ')}]`);
      }
    }
    const { rows } = await db().query<ClientRow>(
      `update auth.oauth_clients set redirect_uris = coalesce($2, redirect_uris), grant_types = coalesce($3, grant_types),
         client_name = case when $4::boolean then nullif($5, '') else client_name end,
         client_uri = case when $6::boolean then nullif($7, '') else client_uri end,
         logo_uri = case when $8::boolean then nullif($9, '') else logo_uri end,
         token_endpoint_auth_method = coalesce($10, token_endpoint_auth_method), updated_at = now()
       where id = $1 returning *`,
      [client.id, redirectUris?.join(',') ?? null, grantTypes?.join(',') ?? null,
        names.client_name !== undefined, names.client_name ?? '', names.client_uri !== undefined, names.client_uri ?? '',
        names.logo_uri !== undefined, names.logo_uri ?? '', method ?? null],
    );
    return clientJson(rows[0]!);
  });

  app.delete('/admin/oauth/clients/:client_id', async (req, reply: FastifyReply) => {
    const client = await loadClient(db(), req);
    await db().query('update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1', [client.id]);
    return reply.code(204).send();
  });

  app.post('/admin/oauth/clients/:client_id/regenerate_secret', async (req) => {
    const client = await loadClient(db(), req);
    if (client.client_type !== 'confidential') throw badRequest('validation_failed', 'Cannot regenerate secret for public client');
    const made = newSecret();
    const { rows } = await db().query<ClientRow>(
      'update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 returning *',
      [client.id, made.hash],
    );
    return clientJson(rows[0]!, made.secret);
  });
}
