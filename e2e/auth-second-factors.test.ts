import jsqr, { type QRCode } from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server/src/index.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, heading, signIn, signOutFromHeader } from './support/flows.ts';
import { addVirtualAuthenticators, startPasskeyAppServer } from './support/webauthn.ts';

type DecodeQr = (data: Uint8ClampedArray, width: number, height: number) => QRCode | null;
// jsqr is CommonJS with an ES default: Node's loader hands over its exports object, vitest the function.
const jsQR = ((jsqr as { default?: DecodeQr }).default ?? jsqr) as DecodeQr;

// Issue 17, the second factors beyond an authenticator app (decision 0152): a security key
// (Chromium's virtual authenticator over CDP, as in auth-passkeys) and a phone (codes read from
// the server's SMS outbox, /_inbox/sms, where texts go without a gateway), added in Settings,
// offered together on the sign-in code step, removed again; and a passkey renamed and used to
// sign in to an account with a second factor.

let server: RunningServer;
let browser: Browser;
let origin = '';

beforeAll(async () => {
  ({ server, origin } = await startPasskeyAppServer({
    GATHER_AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED: 'true',
    GATHER_AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED: 'true',
    GATHER_AUTH_MFA_PHONE_ENROLL_ENABLED: 'true',
    GATHER_AUTH_MFA_PHONE_VERIFY_ENABLED: 'true',
    GATHER_AUTH_MFA_PHONE_MAX_FREQUENCY: '0s',
    GATHER_AUTH_SMS_ENABLE_SIGNUP: 'true',
    GATHER_AUTH_SMS_ENABLE_CONFIRMATIONS: 'true',
    GATHER_AUTH_SMS_MAX_FREQUENCY: '0s',
  }));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The newest code texted to `phone` once there are more than `after` texts (the outbox lists newest first). */
async function textedCode(phone: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await fetch(`${origin}/_inbox/sms?to=${phone.replace(/\D/g, '')}`);
      const { messages } = (await res.json()) as { messages: { body: string }[] };
      code = messages.length > after ? (/\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1] ?? '') : '';
      return code;
    }, { timeout: 15_000 })
    .not.toBe('');
  return code;
}

async function textsSoFar(phone: string): Promise<number> {
  const res = await fetch(`${origin}/_inbox/sms?to=${phone.replace(/\D/g, '')}`);
  return ((await res.json()) as { messages: unknown[] }).messages.length;
}

async function expectAxeClean(page: Page, what: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousA11yViolations(page), `${what} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 360, height: 900 });
}

async function signOut(page: Page): Promise<void> {
  await signOutFromHeader(page);
  await page.getByText('Signed out').first().waitFor();
}

/** Email and password on the sign-in page; the code step follows for an account with a factor. */
async function passwordStep(page: Page, email: string): Promise<void> {
  await page.goto(`${origin}/auth/sign-in?next=%2Fsettings`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Two-factor authentication');
}

describe('security keys and phones as second factors (issue 17)', () => {
  it('adds a security key and a phone, asks for either at sign-in, and removes both', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await addVirtualAuthenticators(page, ['usb']);
    await signIn(page, origin, 'linus@example.com', '/settings');
    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await twoFactor.getByText(/^Off\./).waitFor({ timeout: 15_000 });

    // A security key, named by the member.
    await twoFactor.getByRole('button', { name: 'Add a security key' }).click();
    await twoFactor.getByLabel('Name of the security key').fill('Blue key');
    await twoFactor.getByRole('button', { name: 'Add security key' }).click();
    await page.getByText('Security key added').first().waitFor({ timeout: 15_000 });
    const list = twoFactor.getByRole('list', { name: 'Your second factors' });
    await list.getByText('Security key "Blue key"').waitFor();

    // A phone: an invalid number is refused before anything is sent, then a code confirms it.
    const phone = `+35191${String(Date.now()).slice(-7)}`;
    await twoFactor.getByRole('button', { name: 'Add a phone for text codes' }).click();
    await twoFactor.getByLabel('Country or region').selectOption('PT');
    await twoFactor.getByLabel('Mobile number for codes').fill('91 234');
    await twoFactor.getByRole('button', { name: 'Text me a code' }).click();
    await twoFactor.getByText("This isn't a valid number for the country chosen. Check the country and the digits.").waitFor();
    expect(await textsSoFar(phone)).toBe(0);
    await twoFactor.getByLabel('Mobile number for codes').fill(`${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`);
    await twoFactor.getByRole('button', { name: 'Text me a code' }).click();
    await twoFactor.getByText(`We texted a code to ${phone}.`).waitFor({ timeout: 15_000 });
    await twoFactor.getByLabel('Code from the text message').fill(await textedCode(phone, 0));
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Phone added for sign-in codes').first().waitFor({ timeout: 15_000 });
    await list.getByText(`Text message to ${phone}`).waitFor();
    await expectAxeClean(page, 'Settings with two second factors');

    // Sign-in asks for either: the key first, the phone as another way.
    await signOut(page);
    await passwordStep(page, 'linus@example.com');
    await page.getByRole('button', { name: 'Use security key "Blue key"' }).waitFor();
    await expectAxeClean(page, 'the code step');
    const ending = phone.slice(-4);
    await page.getByRole('button', { name: `Text a code to the number ending in ${ending} instead` }).click();
    const before = await textsSoFar(phone);
    await page.getByRole('button', { name: `Text a code to the number ending in ${ending}` }).click();
    await page.getByText(`We texted a code to the number ending in ${ending}.`).waitFor({ timeout: 15_000 });
    const code = await textedCode(phone, before);
    await page.getByLabel('Code from the text message').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is wrong or has expired. Ask for a new one.').waitFor({ timeout: 15_000 });
    await page.getByLabel('Code from the text message').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Settings');

    // And the key alone, next time.
    await signOut(page);
    await passwordStep(page, 'linus@example.com');
    await page.getByRole('button', { name: 'Use security key "Blue key"' }).click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Settings');

    // Removing one keeps two-factor on; removing the last turns it off.
    await list.getByRole('button', { name: `Remove Text message to ${phone}` }).click();
    await page.getByText(`Text message to ${phone} removed`).first().waitFor({ timeout: 15_000 });
    await list.getByRole('button', { name: 'Remove Security key "Blue key"' }).click();
    await page.getByText('Two-factor authentication is off').first().waitFor({ timeout: 15_000 });
    await twoFactor.getByText(/^Off\./).waitFor({ timeout: 15_000 });
    await signOut(page);
    await signIn(page, origin, 'linus@example.com', '/settings');
    expect(errors.filter((e) => !e.startsWith('console: Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('renames a passkey, and a passkey sign-in on an account with a security key asks for the key', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await addVirtualAuthenticators(page, ['internal', 'usb']);
    await signIn(page, origin, 'margaret@example.com', '/settings');

    // The Settings menu lists Passkeys (the server takes them) and Phone (it sends texts).
    const menu = page.getByRole('navigation', { name: 'Settings sections' });
    await menu.getByRole('link', { name: 'Passkeys' }).waitFor({ timeout: 15_000 });
    await menu.getByRole('link', { name: 'Phone' }).waitFor();

    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added').first().waitFor({ timeout: 15_000 });
    await passkeys.getByRole('button', { name: /^Rename passkey Passkey/ }).click();
    await passkeys.getByLabel(/^Name of the passkey added/).fill('Work laptop');
    await passkeys.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Passkey renamed').first().waitFor({ timeout: 15_000 });
    await passkeys.getByText('Work laptop', { exact: true }).waitFor();
    await expectAxeClean(page, 'Settings → Passkeys after renaming');

    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await twoFactor.getByRole('button', { name: 'Add a security key' }).click();
    await twoFactor.getByRole('button', { name: 'Add security key' }).click();
    await page.getByText('Security key added').first().waitFor({ timeout: 15_000 });

    // A passkey is one factor (aal1): the code step follows and the key finishes sign-in.
    await signOut(page);
    await page.goto(`${origin}/auth/sign-in?next=%2Fsettings`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Two-factor authentication');
    await page.getByRole('button', { name: 'Use security key "Security key"' }).click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Settings');

    await passkeys.getByRole('button', { name: /^Remove passkey Work laptop/ }).click();
    await page.getByText('Passkey removed').first().waitFor({ timeout: 15_000 });
    await passkeys.getByText(/^No passkeys yet\./).waitFor({ timeout: 10_000 });
    expect(errors.filter((e) => !e.startsWith('console: Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it("shows the authenticator app's QR code, and it holds the key written beside it (issue 30)", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, origin, 'hedy@example.com', '/settings');
    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = (await twoFactor.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const qr = twoFactor.getByRole('img', { name: 'QR code to add Gather to your authenticator app' });
    // A data: URL cut short at a `#` loads nothing: naturalWidth stays 0.
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)), { timeout: 10_000 })
      .toBeGreaterThan(0);
    // What a phone's camera would read: the picture drawn at 2×, each pixel dark or light.
    const { side, dark } = await qr.evaluate((img: HTMLImageElement) => {
      const size = img.naturalWidth * 2;
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size;
      const g = canvas.getContext('2d')!;
      g.fillStyle = 'white';
      g.fillRect(0, 0, size, size);
      g.drawImage(img, 0, 0, size, size);
      const rgba = g.getImageData(0, 0, size, size).data;
      let bits = '';
      for (let i = 0; i < rgba.length; i += 4) bits += rgba[i]! < 128 ? '1' : '0';
      return { side: size, dark: bits };
    });
    const pixels = new Uint8ClampedArray(side * side * 4);
    for (let i = 0; i < dark.length; i++) pixels.fill(dark[i] === '1' ? 0 : 255, i * 4, i * 4 + 3).fill(255, i * 4 + 3, i * 4 + 4);
    const decoded = jsQR(pixels, side, side);
    expect(decoded?.data).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(decoded!.data).searchParams.get('secret')).toBe(secret);
    await twoFactor.getByRole('button', { name: 'Cancel' }).click();
    await twoFactor.getByText(/^Off\./).waitFor({ timeout: 15_000 });
    expect(errors.filter((e) => !e.startsWith('console: Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('signs up with a phone number picked by country, then changes it in Settings', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 900 }, locale: 'en-PT' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const first = `+35193${String(Date.now()).slice(-7)}`;
    const second = `+35196${String(Date.now()).slice(-7)}`;

    await page.goto(`${origin}/auth/sign-up?next=%2Fsettings`);
    await page.getByRole('button', { name: 'Use a phone number instead' }).click();
    await page.getByLabel('Your name').fill('Rita Sousa');
    // The picker starts at the browser's region (en-PT → Portugal), so a national number is enough.
    await expect.poll(() => page.getByLabel('Country or region').inputValue(), { timeout: 10_000 }).toBe('PT');
    await page.getByLabel('Phone number').fill(first.slice(4));
    await page.getByLabel('Password').fill('correct horse battery');
    await expectAxeClean(page, 'sign-up by phone');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(`We texted a code to ${first}. Enter it to finish creating your account.`).waitFor({ timeout: 15_000 });
    await page.getByLabel('Code from the text message').fill(await textedCode(first, 0));
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Settings');

    const phoneSection = page.getByRole('region', { name: 'Phone number' });
    await phoneSection.getByText(`Your number is ${first}.`).waitFor({ timeout: 15_000 });
    await phoneSection.getByLabel('New phone number').fill(second.slice(4));
    await phoneSection.getByRole('button', { name: 'Change number' }).click();
    await phoneSection.getByText(`We texted a code to ${second}. Enter it to confirm the number.`).waitFor({ timeout: 15_000 });
    await expectAxeClean(page, 'Settings → Phone number, confirming');
    await phoneSection.getByLabel('Code from the text message').fill(await textedCode(second, 0));
    await phoneSection.getByRole('button', { name: 'Confirm number' }).click();
    await page.getByText('Phone number saved').first().waitFor({ timeout: 15_000 });
    await phoneSection.getByText(`Your number is ${second}.`).waitFor({ timeout: 15_000 });
    expect(errors.filter((e) => !e.startsWith('console: Failed to load resource'))).toEqual([]);
    await context.close();
  });
});
