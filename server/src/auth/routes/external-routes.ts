import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownProvider } from '../../config/auth-config.ts';
import type { Queryable } from '../../db/db-types.ts';
import { clientInfo, type AuthContext } from '../auth-context.ts';
import { requireUser } from '../authenticate.ts';
import { AuthError, badRequest, notFound, OAuthError, unprocessable } from '../errors.ts';
import { validatePkceParams } from '../flow-state.ts';
import { listIdentities } from '../identity-store.ts';
import { committing } from '../commit-then-refuse.ts';
import { linkIdentity, signInWithIdentity } from '../oauth/external-accounts.ts';
import {
  callbackUrl, createOAuthFlow, flowNonce, isPkceFlow, loadFlow, oauthErrorRedirect, oauthSessionRedirect,
  type OAuthFlowRow,
} from '../oauth/oauth-flow.ts';
import { authorizeUrl, userFromCode, type ExternalProvider } from '../oauth/providers.ts';
import type { ExternalUser } from '../oauth/profiles.ts';
import { referrerOf } from '../redirects.ts';
import { bodyOf, queryParam } from '../request-body.ts';
import { issueSession } from '../token-response.ts';
import { refreshProviders } from '../user-lifecycle.ts';
import { findUserById, updateUser, type UserRow } from '../user-store.ts';
import { isUuid } from '../validation.ts';
import { sendSecurityNotice } from '../security-notices.ts';

function providerOf(a: AuthContext, name: string): ExternalProvider {
  const p = a.settings.providers.get(name.toLowerCase());
  if (p?.problem) throw badRequest('validation_failed', `Unsupported provider: ${p.problem}`);
  if (p) return p;
  const known = isKnownProvider(name.toLowerCase());
  throw badRequest('validation_failed', `Unsupported provider: ${known ? 'provider is not enabled' : `Provider ${name} could not be found`}`);
}

/** GoTrue's GetExternalProviderRedirectURL: a flow state (its id is `state`), then the provider's URL. */
async function startFlow(a: AuthContext, req: FastifyRequest, linkTo?: UserRow): Promise<string> {
  const q = req.query as Record<string, unknown>;
  const provider = providerOf(a, queryParam(req, 'provider'));
  const codeChallenge = queryParam(req, 'code_challenge');
  const codeChallengeMethod = queryParam(req, 'code_challenge_method');
  validatePkceParams(codeChallengeMethod, codeChallenge);
  const flow = await createOAuthFlow(a.server.db, {
    provider: provider.name,
    referrer: referrerOf(a.settings, req),
    codeChallenge,
    codeChallengeMethod,
    linkTo: linkTo?.id,
  });
  const extra: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) if (typeof v === 'string') extra[k] = v;
  return authorizeUrl(provider, {
    state: flow.id,
    nonce: flowNonce(a, flow.id),
    redirectUri: callbackUrl(a, provider),
    scopes: queryParam(req, 'scopes'),
    extra,
  });
}

/** /callback's parameters: a query, or Apple's form POST. */
function callbackParams(req: FastifyRequest): Record<string, string> {
  const src = req.method === 'POST' ? bodyOf(req) : (req.query as Record<string, unknown>);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(src ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Apple sends the name once, in a `user` form field, the first time someone signs in. */
function withAppleName(user: ExternalUser, raw: string | undefined): ExternalUser {
  if (!raw) return user;
  try {
    const parsed = JSON.parse(raw) as { name?: { firstName?: string; lastName?: string } };
    const full = [parsed.name?.firstName, parsed.name?.lastName].filter(Boolean).join(' ');
    return full ? { ...user, claims: { ...user.claims, full_name: full, name: full } } : user;
  } catch {
    return user;
  }
}

/**
 * The provider's answer: the flow's checks, the code exchanged, the account found, created or
 * linked; then back to the app with `?code=` (PKCE) or the session in the fragment (implicit).
 */
async function completeFlow(a: AuthContext, req: FastifyRequest, flow: OAuthFlowRow, params: Record<string, string>): Promise<string> {
  const redirectTo = flow.referrer || a.settings.siteUrl;
  if (params.error) throw new OAuthError(params.error, params.error_description ?? '');
  if (!params.code) throw badRequest('bad_oauth_callback', 'OAuth callback with missing authorization code missing');
  const provider = a.settings.providers.get(flow.provider_type);
  if (!provider) throw badRequest('oauth_provider_not_supported', `Unsupported provider: ${flow.provider_type}`);
  let external: ExternalUser;
  try {
    external = await userFromCode(provider, params.code, callbackUrl(a, provider), flowNonce(a, flow.id));
  } catch (err) {
    req.log.warn({ err, provider: provider.name }, 'auth: external provider refused the callback');
    throw new AuthError(500, 'unexpected_failure', `Unable to exchange external code: ${params.code.slice(0, 4)}`);
  }
  if (provider.formPost) external = withAppleName(external, params.user);
  return committing(a.server.db, async (tx) => {
    // Locked and checked again: of two callbacks racing with one state, one wins.
    const locked = await loadFlow(tx, flow.id, true);
    let user: UserRow;
    if (locked.linking_target_id) {
      const target = await findUserById(tx, locked.linking_target_id, true);
      if (!target) throw unprocessable('user_not_found', 'Linking target user not found');
      user = await linkIdentity(a, tx, target, provider.name, external);
    } else {
      user = (await signInWithIdentity(a, tx, provider.name, external, provider.emailOptional)).user;
    }
    if (isPkceFlow(locked)) {
      await tx.query(
        `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4,
                auth_code_issued_at = now(), updated_at = now() where id = $1`,
        [locked.id, user.id, external.tokens.accessToken, external.tokens.refreshToken],
      );
      const u = new URL(redirectTo);
      u.searchParams.set('code', locked.auth_code!);
      return u.toString();
    }
    const token = await issueSession(a, tx, user, 'oauth', clientInfo(req));
    await tx.query('delete from auth.flow_state where id = $1', [locked.id]);
    return oauthSessionRedirect(redirectTo, token, external.tokens.accessToken, external.tokens.refreshToken);
  });
}

async function callback(a: AuthContext, req: FastifyRequest, reply: FastifyReply) {
  const params = callbackParams(req);
  let flow: OAuthFlowRow;
  try {
    flow = await loadFlow(a.server.db, params.state ?? '');
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    // No trustworthy flow: back to the site URL, the error in the query (GoTrue's loadFlowState).
    return reply.code(303).header('location', oauthErrorRedirect(a.settings.siteUrl, err, false)).send();
  }
  let location: string;
  try {
    location = await completeFlow(a, req, flow, params);
  } catch (err) {
    if (!(err instanceof AuthError) && !(err instanceof OAuthError)) throw err;
    location = oauthErrorRedirect(flow.referrer || a.settings.siteUrl, err);
  }
  return reply.code(302).header('location', location).send();
}

function requireManualLinking(a: AuthContext): void {
  if (!a.settings.enableManualLinking) throw notFound('manual_linking_disabled', 'Manual linking is disabled');
}

/**
 * GoTrue's UpdateUserEmailFromIdentities after an unlink: the address stays if an identity still
 * has it, else the best remaining identity's free address takes its place.
 */
async function emailFromIdentities(a: AuthContext, tx: Queryable, user: UserRow): Promise<UserRow> {
  const identities = await listIdentities(tx, user.id);
  if (identities.some((i) => (i.email ?? '') === (user.email ?? ''))) return user;
  const rank = (i: (typeof identities)[number]) => (!i.email ? 2 : i.identity_data.email_verified === true ? 0 : 1);
  for (const i of [...identities].sort((x, y) => rank(x) - rank(y))) {
    const email = i.email ?? '';
    const { rows } = await tx.query('select 1 from auth.users where lower(email) = $1 and aud = $2 and id <> $3', [email, a.settings.aud, user.id]);
    if (email === '' || rows.length === 0) return updateUser(tx, user.id, { email: email || null });
  }
  return user;
}

/** /authorize, /callback and /user/identities: signing in, up and linking through providers. */
export function externalRoutes(app: FastifyInstance, a: AuthContext): void {
  app.get('/authorize', async (req, reply) => reply.code(302).header('location', await startFlow(a, req)).send());

  app.get('/callback', (req, reply) => callback(a, req, reply));
  app.post('/callback', (req, reply) => callback(a, req, reply));

  app.get('/user/identities/authorize', async (req, reply) => {
    const authed = await requireUser(a, req);
    requireManualLinking(a);
    const url = await startFlow(a, req, authed.user);
    if (queryParam(req, 'skip_http_redirect') === 'true') return { url };
    return reply.code(302).header('location', url).send();
  });

  app.delete('/user/identities/:id', async (req) => {
    const authed = await requireUser(a, req);
    requireManualLinking(a);
    const id = (req.params as { id: string }).id;
    if (!isUuid(id)) throw notFound('validation_failed', 'identity_id must be an UUID');
    const aud = Array.isArray(authed.claims.aud) ? authed.claims.aud[0] : authed.claims.aud;
    if (aud !== a.settings.aud) throw new AuthError(403, 'unexpected_audience', "Token audience doesn't match request audience");
    const identities = await listIdentities(a.server.db, authed.user.id);
    if (identities.length <= 1) throw unprocessable('single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
    const target = identities.find((i) => i.id === id);
    if (!target) throw unprocessable('identity_not_found', "Identity doesn't exist");
    await a.server.db.transaction(async (tx) => {
      await tx.query('delete from auth.identities where id = $1', [target.id]);
      let user = (await findUserById(tx, authed.user.id, true))!;
      if (target.provider === 'phone') user = await updateUser(tx, user.id, { phone: null, phone_confirmed_at: null });
      else user = await emailFromIdentities(a, tx, user);
      user = await refreshProviders(tx, user);
      // To the address the account had before, which the unlinking may have changed (GoTrue).
      await sendSecurityNotice(a, tx, user, 'identity_unlinked', { to: authed.user.email ?? '', provider: target.provider });
    });
    return {};
  });
}
