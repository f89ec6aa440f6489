import { badRequest } from '../errors.ts';
import { optStr, type Body } from '../request-body.ts';

// GoTrue's OAuth 2.1 client registry rules (internal/api/oauthserver/service.go and
// client_auth.go at bc32168e): the same checks, in the same order, with the same messages, all
// answered as 400 validation_failed.

export type ClientType = 'public' | 'confidential';
export const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
const GRANT_TYPES = new Set(['authorization_code', 'refresh_token']);
const DANGEROUS_SCHEMES = ['javascript', 'data', 'file', 'vbscript', 'about', 'blob'];

const invalid = (message: string) => badRequest('validation_failed', message);

/** A string array field; absent or null ⇒ undefined. */
export function optStrings(body: Body, key: string): string[] | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
    throw badRequest('bad_json', 'Invalid JSON body');
  }
  return v as string[];
}

function redirectUriProblem(uri: string): string | undefined {
  if (uri === '') return 'redirect URI cannot be empty';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must have scheme and host';
  }
  const scheme = url.protocol.slice(0, -1);
  if (url.host === '') return 'must have scheme and host';
  if (DANGEROUS_SCHEMES.includes(scheme.toLowerCase())) return `scheme '${scheme}' is not allowed for security reasons`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (scheme === 'http' && host !== 'localhost' && host !== '127.0.0.1' && host !== '::1') return 'HTTP scheme only allowed for localhost';
  if (url.hash !== '' || uri.includes('#')) return 'fragment not allowed in redirect URI';
  return undefined;
}

export function checkRedirectUris(uris: string[] | undefined, required: boolean): void {
  if (required && (!uris || uris.length === 0)) throw invalid('redirect_uris is required');
  if (!uris || uris.length === 0) throw invalid('redirect_uris cannot be empty');
  if (uris.length > 10) throw invalid('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri}': ${problem}`);
  }
}

export function checkGrantTypes(types: string[]): void {
  if (types.length === 0) throw invalid('grant_types cannot be empty');
  if (types.some((t) => !GRANT_TYPES.has(t))) throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
}

function checkUri(value: string | undefined, field: string): void {
  if (!value) return;
  if (value.length > 2048) throw invalid(`${field} cannot exceed 2048 characters`);
  if (!URL.canParse(value) || !/^[a-z][a-z0-9+.-]*:/i.test(value)) throw invalid(`${field} must be a valid URL`);
}

export function checkNames(body: { client_name?: string; client_uri?: string; logo_uri?: string }): void {
  if ((body.client_name?.length ?? 0) > 1024) throw invalid('client_name cannot exceed 1024 characters');
  checkUri(body.client_uri, 'client_uri');
  checkUri(body.logo_uri, 'logo_uri');
}

export function checkAuthMethod(method: string, message = `token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(' ')}]`): void {
  if (!(AUTH_METHODS as readonly string[]).includes(method)) throw invalid(message);
}

export const clientTypeOf = (method: string): ClientType => (method === 'none' ? 'public' : 'confidential');

export interface RegisterParams {
  redirectUris: string[];
  grantTypes: string[];
  clientType: ClientType;
  authMethod: string;
  clientName?: string;
  clientUri?: string;
  logoUri?: string;
}

/** POST /admin/oauth/clients: validated, with GoTrue's defaults filled in. */
export function registerParams(body: Body): RegisterParams {
  const redirectUris = optStrings(body, 'redirect_uris');
  const grantTypes = optStrings(body, 'grant_types');
  const clientName = optStr(body, 'client_name');
  const clientUri = optStr(body, 'client_uri');
  const logoUri = optStr(body, 'logo_uri');
  const clientType = optStr(body, 'client_type') ?? '';
  const authMethod = optStr(body, 'token_endpoint_auth_method') ?? '';
  checkRedirectUris(redirectUris, true);
  if (grantTypes && grantTypes.length > 0) checkGrantTypes(grantTypes);
  checkNames({ client_name: clientName, client_uri: clientUri, logo_uri: logoUri });
  if (clientType !== '' && clientType !== 'public' && clientType !== 'confidential') {
    throw invalid("client_type must be 'public' or 'confidential'");
  }
  if (authMethod !== '') checkAuthMethod(authMethod);
  if (clientType !== '' && authMethod !== '' && clientType !== clientTypeOf(authMethod)) {
    throw invalid(
      `client_type '${clientType}' is inconsistent with token_endpoint_auth_method '${authMethod}' (expected client_type '${clientTypeOf(authMethod)}')`,
    );
  }
  const type: ClientType = clientType !== '' ? (clientType as ClientType) : authMethod !== '' ? clientTypeOf(authMethod) : 'confidential';
  return {
    redirectUris: redirectUris!,
    grantTypes: grantTypes && grantTypes.length > 0 ? grantTypes : ['authorization_code', 'refresh_token'],
    clientType: type,
    authMethod: authMethod || (type === 'public' ? 'none' : 'client_secret_basic'),
    clientName,
    clientUri,
    logoUri,
  };
}
