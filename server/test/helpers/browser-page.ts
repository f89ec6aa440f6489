import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
// The browser tests' own Chromium and flags: Debian's headless shell where it can be had (decision 0437).
import { launchBrowser } from '../../../e2e/support/browser.ts';

let bundle: Promise<string> | undefined;

/** supabase-js for a browser page, as `window.supabase.createClient`. */
function supabaseBundle(): Promise<string> {
  bundle ??= build({
    stdin: { contents: "import { createClient } from '@supabase/supabase-js'; window.supabase = { createClient };", resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]!.text);
  return bundle;
}

export interface BrowserPage {
  /** http://localhost:<port>: a secure context, so WebAuthn works. */
  origin: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /**
   * A new authenticator, replacing the last one: a platform one (CTAP2, resident keys, user
   * verification) for passkeys, or a USB security key, which auth-js asks for second factors.
   */
  addAuthenticator(kind?: 'platform' | 'security-key'): Promise<string>;
  close(): Promise<void>;
}

/**
 * A blank page on localhost with supabase-js loaded, in headless Chromium, with a CDP session
 * for the WebAuthn domain (virtual authenticators).
 */
export async function openBrowserPage(): Promise<BrowserPage> {
  const js = await supabaseBundle();
  const server: Server = createServer((req, res) => {
    if (req.url === '/supabase.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(js);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><head><title>auth test page</title><script src="/supabase.js"></script></head><body></body></html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(origin);
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  let current: string | undefined;
  return {
    origin,
    browser,
    context,
    page,
    cdp,
    async addAuthenticator(kind = 'platform') {
      // Chromium allows one platform authenticator at a time: the previous one goes, with its keys.
      if (current) await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: current });
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: kind === 'platform' ? 'internal' : 'usb',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      current = authenticatorId;
      return authenticatorId;
    },
    async close() {
      await browser.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
