import type { CDPSession, Page } from 'playwright-core';
import type { RunningServer } from '../../server/src/index.ts';
import { freePort, startAppServer } from './app-server.ts';

/**
 * The app with passkeys on, at http://localhost:<port>: a WebAuthn relying party id must be a
 * host name, not an IP address (decision 0150), so the server is told that origin up front.
 */
export async function startPasskeyAppServer(env: Record<string, string> = {}): Promise<{ server: RunningServer; origin: string }> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = await startAppServer({
    port,
    env: { GATHER_AUTH_PASSKEY_ENABLED: 'true', GATHER_AUTH_WEBAUTHN_RP_ID: 'localhost', GATHER_AUTH_WEBAUTHN_RP_ORIGINS: origin, ...env },
  });
  return { server, origin };
}

/**
 * Chromium's virtual authenticators in this page, over CDP, standing in for the device: `internal`
 * is its own screen lock (a fingerprint reader), `usb` a security key. Each verifies the user.
 */
export async function addVirtualAuthenticators(page: Page, transports: ('usb' | 'internal')[]): Promise<{ cdp: CDPSession; authenticatorIds: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const authenticatorIds: string[] = [];
  for (const transport of transports) {
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport, hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    authenticatorIds.push(authenticatorId);
  }
  return { cdp, authenticatorIds };
}
