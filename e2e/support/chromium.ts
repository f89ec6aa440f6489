import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const BROWSER = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Debian's Chromium (playwright's own browser download cannot reach the internet here).
 * Installed with apt when missing and running as root; otherwise a message saying how.
 */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || BROWSER;
  if (existsSync(path)) return path;
  if (path === BROWSER && aptInstall('chromium') && existsSync(path)) return path;
  throw new Error(
    `e2e: no Chromium at ${path}. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
  );
}

/**
 * What the browser tests drive: Debian's Chromium headless shell, the same engine without the
 * browser's own windows and services, ~20 % less CPU per test file (decision 0437); the full
 * browser where the shell is missing and cannot be installed, or where a test needs what only
 * the browser has (`full`: notifications for push). CHROMIUM_PATH overrides both.
 */
export function testBrowserPath(full = false): string {
  if (full || process.env.CHROMIUM_PATH) return chromiumPath();
  // Decided once per process: a failed install is not retried by every test file.
  if (!shell) {
    shell = existsSync(HEADLESS_SHELL) || (aptInstall('chromium-headless-shell') && existsSync(HEADLESS_SHELL)) ? HEADLESS_SHELL : chromiumPath();
    if (shell !== HEADLESS_SHELL) console.log(`e2e: no headless shell at ${HEADLESS_SHELL} (apt-get install -y chromium-headless-shell); using the full browser, which is slower.`);
  }
  return shell;
}
let shell: string | undefined;

function aptInstall(pkg: string): boolean {
  if (process.getuid?.() !== 0) return false;
  console.log(`e2e: installing Debian's ${pkg} package with apt-get (a minute or two)…`);
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return true;
  } catch {
    return false;
  }
}
