import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';

/**
 * Debian's Chromium (playwright's own browser download cannot reach the internet here).
 * Installed with apt when missing and running as root; otherwise a message saying how.
 */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? DEFAULT_PATH;
  if (existsSync(path)) return path;
  if (path === DEFAULT_PATH && process.getuid?.() === 0) {
    console.log('e2e: Chromium is missing; installing Debian\'s chromium package with apt-get (a minute or two)…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (existsSync(path)) return path;
  }
  throw new Error(
    `e2e: no Chromium at ${path}. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
  );
}
