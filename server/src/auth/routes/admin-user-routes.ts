import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPgError, type Queryable } from '../../db/db-types.ts';
import { adminCreateUser, adminUpdateUser } from '../admin-users.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError, badRequest, notFound } from '../errors.ts';
import { deleteFactor, factorJson, factorsByUser, findOwnedFactor, listFactors, type FactorRow } from '../factor-store.ts';
import { identitiesByUser } from '../identity-store.ts';
import { clearAllOneTimeTokens } from '../one-time-tokens.ts';
import { bodyOf, bool, queryParam, str } from '../request-body.ts';
import { deleteAllSessions } from '../session-store.ts';
import { loadUserJson, userJson } from '../user-json.ts';
import { deleteUser, findUserById, updateUser, type UserRow } from '../user-store.ts';
import { isUuid } from '../validation.ts';

/** The :id of /admin/users/:id, refused with 400 unless it is a UUID (CVE-2025-48370). */
async function loadUser(a: AuthContext, req: FastifyRequest): Promise<UserRow> {
  const id = (req.params as { id: string }).id;
  if (!isUuid(id)) throw badRequest('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(a.server.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

async function withIdentities(q: Queryable, u: UserRow) {
  return loadUserJson(q, u);
}

function positiveInt(raw: string, fallback: number): number {
  if (raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw badRequest('validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`);
  return Number(raw);
}

/** GoTrue's pagination headers: X-Total-Count, and Link with rel="next" (if any) and rel="last". */
function paginationLinks(req: FastifyRequest, page: number, perPage: number, total: number): string {
  const lastPage = Math.ceil(total / perPage);
  const url = new URL(req.url, 'http://x');
  const link = (p: number) => {
    url.searchParams.set('page', String(p));
    url.searchParams.sort();
    return `<${url.pathname}?${url.searchParams.toString()}>`;
  };
  const parts: string[] = [];
  if (lastPage > page) parts.push(`${link(page + 1)}; rel="next"`);
  parts.push(`${link(lastPage)}; rel="last"`);
  return parts.join(', ');
}

/** Soft delete: the row stays (for foreign keys) but can no longer sign in or be found by email. */
async function softDelete(q: Queryable, u: UserRow): Promise<void> {
  if (u.deleted_at) return;
  await deleteAllSessions(q, u.id);
  await clearAllOneTimeTokens(q, u.id);
  await updateUser(q, u.id, {
    deleted_at: new Date(),
    email: null,
    phone: null,
    encrypted_password: '',
    confirmation_token: '',
    recovery_token: '',
    email_change: '',
    email_change_token_current: '',
    email_change_token_new: '',
    raw_user_meta_data: {},
  });
  await q.query(`update auth.identities set identity_data = jsonb_build_object('sub', provider_id), updated_at = now() where user_id = $1`, [u.id]);
}

/** /admin/users: list with pagination, get, create, update, delete (service role only, checked by the caller). */
export function adminUserRoutes(app: FastifyInstance, a: AuthContext): void {
  app.get('/admin/users', async (req, reply) => {
    const page = Math.max(positiveInt(queryParam(req, 'page'), 1), 1);
    const perPage = Math.max(positiveInt(queryParam(req, 'per_page'), 50), 1);
    const filter = queryParam(req, 'filter');
    const sort = queryParam(req, 'sort');
    const sortBy = /^created_at(?:\s+(asc|desc))?$/i.exec(sort.trim());
    if (sort !== '' && !sortBy) throw badRequest('validation_failed', `Bad Sort Parameters: ${sort} is not a valid sort field`);
    const dir = sortBy?.[1]?.toLowerCase() === 'asc' ? 'asc' : 'desc';
    const where = `aud = $1 ${filter ? `and (email ilike $2 or raw_user_meta_data->>'full_name' ilike $2)` : ''}`;
    const params: unknown[] = [a.settings.aud, ...(filter ? [`%${filter.replace(/[\\%_]/g, '\\$&')}%`] : [])];
    const db = a.server.db;
    const { rows: count } = await db.query<{ n: string }>(`select count(*) as n from auth.users where ${where}`, params);
    const total = Number(count[0]!.n);
    const { rows: users } = await db.query<UserRow>(
      `select * from auth.users where ${where} order by created_at ${dir}, id ${dir}
       limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, perPage, (page - 1) * perPage],
    );
    const ids = users.map((u) => u.id);
    const [identities, factors] = await Promise.all([identitiesByUser(db, ids), factorsByUser(db, ids)]);
    reply.header('x-total-count', String(total)).header('link', paginationLinks(req, page, perPage, total));
    return { users: users.map((u) => userJson(u, identities.get(u.id) ?? [], factors.get(u.id))), aud: a.settings.aud };
  });

  app.post('/admin/users', async (req) => withIdentities(a.server.db, await adminCreateUser(a, bodyOf(req))));

  app.get('/admin/users/:id', async (req) => withIdentities(a.server.db, await loadUser(a, req)));

  app.put('/admin/users/:id', async (req) => {
    const user = await loadUser(a, req);
    return withIdentities(a.server.db, await adminUpdateUser(a, user, bodyOf(req)));
  });

  app.delete('/admin/users/:id', async (req) => {
    const user = await loadUser(a, req);
    const soft = bool(bodyOf(req), 'should_soft_delete', false);
    try {
      await a.server.db.transaction((tx) => (soft ? softDelete(tx, user) : deleteUser(tx, user.id)));
    } catch (err) {
      // A trigger or foreign key of the app's refused it: GoTrue's words (issue 22, item 8).
      if (!isPgError(err)) throw err;
      req.log.error({ err }, 'auth: deleting a user failed in the database');
      throw new AuthError(500, 'unexpected_failure', 'Database error deleting user');
    }
    return {};
  });

  app.get('/admin/users/:id/factors', async (req) => {
    const user = await loadUser(a, req);
    return (await listFactors(a.server.db, user.id)).map(factorJson);
  });

  /** DELETE (admin.mfa.deleteFactor) and PUT (a new friendly name) of one of the user's factors. */
  const loadUserFactor = async (req: FastifyRequest) => {
    const user = await loadUser(a, req);
    const factorId = (req.params as { factor_id: string }).factor_id;
    if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
    const factor = await findOwnedFactor(a.server.db, user.id, factorId);
    if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
    return factor;
  };
  app.delete('/admin/users/:id/factors/:factor_id', async (req) => {
    const factor = await loadUserFactor(req);
    await a.server.db.transaction((tx) => deleteFactor(tx, factor));
    return factorJson(factor);
  });
  app.put('/admin/users/:id/factors/:factor_id', async (req) => {
    const factor = await loadUserFactor(req);
    const name = str(bodyOf(req), 'friendly_name');
    if (name === '') return factorJson(factor);
    const { rows } = await a.server.db.query<FactorRow>(
      'update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1 returning *',
      [factor.id, name],
    );
    return factorJson(rows[0]!);
  });
}
