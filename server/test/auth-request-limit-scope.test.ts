import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLimitLine, requestLimitScope } from '../src/auth/request-limit-scope.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Auth's per-address limits on a loopback development server behave as the Supabase CLI's
 * GoTrue (no gateway header, no limit), so a project's own suite signs up many users from one
 * address; wherever users can reach the server, every request counts (issue 34, decision 0333).
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimitSignInSignUps: '2' });
});
afterAll(() => s.stop());

let n = 0;
async function signUp(headers: Record<string, string> = {}): Promise<number> {
  const res = await s.fetch('/auth/v1/signup', {
    method: 'POST',
    headers: { apikey: s.keys.anonKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: `scope${++n}-${Date.now()}@example.com`, password: 'a-long-password-1' }),
  });
  await res.body?.cancel();
  return res.status;
}

describe(`auth rate limits on a loopback development server (${driverName})`, () => {
  it('lets one address sign up past sign_in_sign_ups, as the CLI does', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await signUp());
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });

  it('limits requests a proxy forwarded (the gateway header GoTrue limits by)', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await signUp({ 'x-forwarded-for': '198.51.100.20' }));
    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});

describe('which requests the limits count, said at start', () => {
  const base = { authRequestLimits: 'auto' as const, production: false, host: '127.0.0.1', trustProxy: false as const };
  it('counts only forwarded requests on a loopback development server', () => {
    const scope = requestLimitScope(base);
    expect(scope.everyRequest).toBe(false);
    expect(requestLimitLine(scope)).toMatch(/^auth rate limits: as the Supabase CLI on a development server on loopback: only requests a proxy forwarded/);
    expect(requestLimitScope({ ...base, host: '::1' }).everyRequest).toBe(false);
  });

  it('counts every request in production, beyond loopback, behind a proxy, or when asked', () => {
    expect(requestLimitLine(requestLimitScope({ ...base, production: true }))).toBe('auth rate limits: every request, per address (production (NODE_ENV=production))');
    expect(requestLimitScope({ ...base, host: '0.0.0.0' })).toEqual({ everyRequest: true, reason: 'listening beyond loopback (--host 0.0.0.0)' });
    expect(requestLimitScope({ ...base, trustProxy: true as never }).everyRequest).toBe(true);
    expect(requestLimitScope({ ...base, authRequestLimits: 'always' }).everyRequest).toBe(true);
  });
});
